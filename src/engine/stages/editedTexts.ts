import type { Document } from 'yaml';
import { yamlStreamEditorOf, type TextEdit } from '../yaml/index.ts';
import { INPUT_NAMES, type InputName } from './inputNames.ts';

/*
 * The texts a verified fix (an admission suggestion, an ambient fix) leaves in the editors, written
 * from the parse each input's stage made (never parsed again), for the app's "Apply to the YAML".
 * The admission's suggestionTexts stage and ambient's fixes share it.
 */

/** An input as its `parse:<input>` stage read it: the text, its parsed stream, and whether it may be rewritten. */
export interface EditableInput {
  text: string;
  stream: readonly Document.Parsed[];
  /** False when the text has YAML errors: an edit is not written into a text meshsim could not read whole. */
  editable: boolean;
}

/** An edit of one document of one input (admission's YamlEdit, ambient's fix edits). */
export type InputEdit = TextEdit & { input: string };

/** Why a fix cannot be written into the editors: which input refused it, and why. */
export interface UnwritableEdit {
  input: InputName;
  /** `yaml-error`: the input has YAML errors; `not-rewritable`: its document cannot be rewritten as written (a path through a scalar, nesting too deep). */
  reason: 'yaml-error' | 'not-rewritable';
}

/** The texts one fix leaves, by input; empty with `unwritable` when one of its inputs refuses (nothing is half-applied). */
export interface EditedTexts {
  texts: Partial<Record<InputName, string>>;
  unwritable?: UnwritableEdit;
}

/** The editor tabs a fix's edits touch (an edit of anything else is not the editors'). */
export function editedInputs(edits: readonly InputEdit[]): InputName[] {
  const names = new Set<InputName>();
  for (const e of edits) if ((INPUT_NAMES as readonly string[]).includes(e.input)) names.add(e.input as InputName);
  return [...names];
}

/**
 * Writes fixes into the inputs, each input's stream edited from its reading (one editor per input,
 * shared by every fix asked of it). A fix that one of its inputs refuses gives no texts at all.
 */
export function inputTextWriter(readingOf: (name: InputName) => EditableInput): (edits: readonly InputEdit[]) => EditedTexts {
  const editors = new Map<InputName, { editable: boolean; edit: ReturnType<typeof yamlStreamEditorOf> }>();
  const editorOf = (name: InputName) => {
    let editor = editors.get(name);
    if (!editor) {
      const input = readingOf(name);
      editor = { editable: input.editable, edit: yamlStreamEditorOf(input.text, input.stream, input.editable) };
      editors.set(name, editor);
    }
    return editor;
  };
  return (edits) => {
    const texts: Partial<Record<InputName, string>> = {};
    for (const name of editedInputs(edits)) {
      const editor = editorOf(name);
      const out = editor.edit(edits.filter((e) => e.input === name));
      if (out === undefined) return { texts: {}, unwritable: { input: name, reason: editor.editable ? 'not-rewritable' : 'yaml-error' } };
      texts[name] = out;
    }
    return { texts };
  };
}
