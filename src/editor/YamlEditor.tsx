import { useEffect, useRef, useState } from 'react';
import { INPUT_NAMES, type Diagnostic, type InputName, type SourceRef } from '../worker/protocol.ts';
import { useAppState, useAppStore } from '../state/storeContext.tsx';
import { keyBefore } from './keyBefore.ts';
import { EDITOR_LIMIT as EDITOR_LIMIT_CHARS, editorHolds, megabytes } from '../state/heldText.ts';
import { INPUT_LABELS } from '../state/inputLabels.ts';
import { HeldTextNotice } from './HeldTextNotice.tsx';
import { blobOfParts } from '../worker/largeTexts.ts';
import { monaco } from './monacoSetup.ts';

const uriOf = (name: InputName) => monaco.Uri.parse(`file:///${name}.yaml`);

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

/** The input side: one Monaco editor, one model per input tab, engine diagnostics as markers. */
export default function YamlEditor() {
  const store = useAppStore();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const activeInput = useAppState((s) => s.activeInput);
  const diagnostics = useAppState((s) => s.result?.diagnostics);
  const reveal = useAppState((s) => s.reveal);
  const activeHeld = useAppState((s) => !editorHolds(s.texts[s.activeInput]));
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const texts = store.getState().texts;
    // A text too large for the editor (state/heldText.ts) stays in the store only: its model is empty.
    const shown = (text: string) => (editorHolds(text) ? text : '');
    const models = INPUT_NAMES.map((name) => monaco.editor.getModel(uriOf(name)) ?? monaco.editor.createModel(shown(texts[name]), 'yaml', uriOf(name)));
    /** Set while the editor empties a model whose text it does not hold, so the change is not taken as an edit. */
    let emptying = false;
    // Monaco turns every line break of a text it is given into its own (a lone CR into CRLF). A text
    // set from outside (a link, a file) is kept as it was written: only a real edit writes back.
    const sameLines = (a: string, b: string) => a === b || ((a.includes('\r') || b.includes('\r')) && a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n'));
    const subscriptions = models.map((model, i) =>
      model.onDidChangeContent(() => {
        if (emptying) return;
        const value = model.getValue();
        if (!sameLines(value, store.getState().texts[INPUT_NAMES[i]])) store.getState().setText(INPUT_NAMES[i], value);
      }),
    );
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
    const editor = monaco.editor.create(host.current!, {
      model: models[INPUT_NAMES.indexOf(store.getState().activeInput)],
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      theme: dark ? 'vs-dark' : 'vs',
      tabSize: 2,
      ariaLabel: 'YAML input. Tab indents; press Escape to leave the editor, or Ctrl+M to make Tab move the focus.',
    });
    editorRef.current = editor;
    // A paste or drop that would make the text too large for the editor is taken before Monaco sees
    // it (a capture listener on an ancestor runs first): the text goes to the store, which the
    // simulation and the autosave read, and Monaco never holds it.
    const takeLargeText = (e: ClipboardEvent | DragEvent) => {
      const data = 'clipboardData' in e ? e.clipboardData : e.dataTransfer;
      const model = editor.getModel();
      if (!data || !model || !data.types.includes('text/plain')) return;
      const incoming = data.getData('text/plain');
      const selection = editor.getSelection();
      const start = selection ? model.getOffsetAt(selection.getStartPosition()) : model.getValueLength();
      const end = selection ? model.getOffsetAt(selection.getEndPosition()) : start;
      if (model.getValueLength() - (end - start) + incoming.length <= EDITOR_LIMIT_CHARS) return;
      e.preventDefault();
      e.stopPropagation();
      const name = INPUT_NAMES.find((n) => model.uri.toString() === uriOf(n).toString());
      if (!name) return;
      const value = model.getValue();
      const parts = [value.slice(0, start), incoming, value.slice(end)].filter((p) => p.length);
      const text = parts.reduce((a, b) => a + b, ''); // a rope: `+` does not copy
      // The autosave and the engine take the text as a Blob made from its flat parts (largeTexts.ts).
      void blobOfParts(text, parts);
      store.getState().applyChange(`${e.type === 'drop' ? 'Dropped' : 'Pasted'} ${megabytes(incoming.length)} into ${INPUT_LABELS[name].label}`, { [name]: text });
    };
    const hostNode = host.current!;
    hostNode.addEventListener('paste', takeLargeText, true);
    hostNode.addEventListener('drop', takeLargeText, true);
    // Tab indents inside the editor, so keyboard users need a way out: Escape (when no widget of the
    // editor wants it) moves the focus to the results, and a hint says so while the editor has focus.
    editor.addCommand(
      monaco.KeyCode.Escape,
      () => document.querySelector<HTMLElement>('#results [role=tab][aria-selected=true]')?.focus(),
      '!suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !renameInputVisible && !inSnippetMode && !editorHasMultipleSelections && !markersNavigationVisible && !accessibilityHelpWidgetVisible',
    );
    const focusIn = editor.onDidFocusEditorText(() => setFocused(true));
    const focusOut = editor.onDidBlurEditorText(() => setFocused(false));
    // Hovering a label, annotation or selector shows which admission steps read it and what they concluded.
    const hover = monaco.languages.registerHoverProvider('yaml', {
      provideHover(model, position) {
        const input = INPUT_NAMES.find((n) => model.uri.toString() === uriOf(n).toString());
        const result = store.getState().result;
        const a = result?.admission.workloads[result.selectedWorkload];
        if (!input || !a) return null;
        const inside = (r?: SourceRef) =>
          r && r.input === input && (r.line < position.lineNumber || (r.line === position.lineNumber && r.column <= position.column)) && ((r.endLine ?? r.line) > position.lineNumber || ((r.endLine ?? r.line) === position.lineNumber && (r.endColumn ?? Infinity) >= position.column));
        // A value's key explains it as well as the value does: `istio-injection` in `istio-injection: enabled`.
        const onKeyOf = (r?: SourceRef) => {
          if (!r || r.input !== input || r.line !== position.lineNumber || position.column >= r.column) return false;
          const key = keyBefore(model.getLineContent(r.line), r.column);
          return key !== undefined && position.column >= key.start && position.column <= key.end;
        };
        const lines = a.steps.flatMap((step) =>
          step.values.filter((v) => inside(v.source) || onKeyOf(v.source)).map((v) => `**${step.title}** (${step.outcome}): ${v.name}${v.value !== undefined ? ` = \`${v.value}\`` : ''} — ${step.detail}`),
        );
        if (!lines.length) return null;
        return { contents: [{ value: `meshsim: read by ${lines.length} step${lines.length > 1 ? 's' : ''}` }, ...lines.slice(0, 8).map((value) => ({ value }))] };
      },
    });
    // Text set from outside the editor (an applied suggestion, an example) goes into the models as
    // an ordinary edit, so Ctrl+Z undoes it.
    const unsubscribe = store.subscribe((state, prev) => {
      if (state.texts === prev.texts) return;
      INPUT_NAMES.forEach((name, i) => {
        const model = models[i];
        if (model.isDisposed()) return;
        if (!editorHolds(state.texts[name])) {
          if (model.getValueLength() === 0) return;
          emptying = true;
          try {
            model.setValue('');
          } finally {
            emptying = false;
          }
          return;
        }
        if (sameLines(model.getValue(), state.texts[name])) return;
        model.pushStackElement();
        model.pushEditOperations([], [{ range: model.getFullModelRange(), text: state.texts[name] }], () => null);
        model.pushStackElement();
      });
    });
    // A hook for end-to-end tests, which cannot type multi-line YAML into Monaco reliably.
    // A text too large for the editor goes where a paste of it goes: to the store.
    (window as any).__meshsim = { editor, monaco, setInput: (name: InputName, text: string) => (editorHolds(text) ? monaco.editor.getModel(uriOf(name))?.setValue(text) : store.getState().setText(name, text)) };
    return () => {
      hostNode.removeEventListener('paste', takeLargeText, true);
      hostNode.removeEventListener('drop', takeLargeText, true);
      unsubscribe();
      focusIn.dispose();
      focusOut.dispose();
      hover.dispose();
      subscriptions.forEach((s) => s.dispose());
      editor.dispose();
      models.forEach((m) => m.dispose());
      editorRef.current = null;
    };
  }, [store]);

  useEffect(() => {
    const model = monaco.editor.getModel(uriOf(activeInput));
    if (model && editorRef.current && editorRef.current.getModel() !== model) editorRef.current.setModel(model);
  }, [activeInput]);

  // A tab whose text the editor does not hold is read-only (its empty model is not the text).
  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: activeHeld });
  }, [activeHeld]);

  useEffect(() => {
    for (const name of INPUT_NAMES) {
      const model = monaco.editor.getModel(uriOf(name));
      if (!model) continue;
      const mine = (diagnostics ?? []).filter((d): d is Diagnostic & { source: NonNullable<Diagnostic['source']> } => d.source?.input === name);
      monaco.editor.setModelMarkers(
        model,
        'meshsim',
        mine.map((d) => ({
          severity: SEVERITY[d.severity],
          message: d.message,
          source: `meshsim ${d.origin}`,
          startLineNumber: d.source.line,
          startColumn: d.source.column,
          endLineNumber: d.source.endLine ?? d.source.line,
          endColumn: d.source.endColumn && d.source.endLine ? d.source.endColumn : model.getLineMaxColumn(Math.min(d.source.line, model.getLineCount())),
        })),
      );
    }
  }, [diagnostics]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!reveal || !editor) return;
    const model = monaco.editor.getModel(uriOf(reveal.input as InputName));
    if (!model) return;
    if (editor.getModel() !== model) editor.setModel(model);
    const range = new monaco.Range(reveal.line, reveal.column, reveal.endLine ?? reveal.line, reveal.endColumn ?? model.getLineMaxColumn(reveal.line));
    editor.setSelection(range);
    editor.revealRangeInCenter(range);
    editor.focus();
  }, [reveal]);

  return (
    <>
      {activeHeld ? <HeldTextNotice name={activeInput} /> : null}
      <div ref={host} className={activeHeld ? 'editor-host held' : 'editor-host'} data-testid="editor" />
      <p className={focused ? 'editor-hint' : 'editor-hint idle'} data-testid="editor-hint" aria-hidden={!focused}>
        Tab indents here. <kbd>Esc</kbd> leaves the editor; <kbd>Ctrl</kbd>+<kbd>M</kbd> makes Tab move the focus instead.
      </p>
    </>
  );
}
