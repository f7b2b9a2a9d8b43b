import { useEffect, useRef } from 'react';
import { monaco } from './monacoSetup.ts';

interface Props {
  before: string;
  after: string;
  /** Monaco's language of both sides (default YAML). */
  language?: string;
  /** Below this width (px) the diff turns inline (monaco's default: 900). */
  inlineBelow?: number;
  testId?: string;
}

/** Monaco's side-by-side diff of the pod before and after injection (read-only). */
export default function DiffView({ before, after, language = 'yaml', inlineBelow, testId = 'pod-diff' }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);
  useEffect(() => {
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
    const editor = monaco.editor.createDiffEditor(host.current!, {
      readOnly: true,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      theme: dark ? 'vs-dark' : 'vs',
      fontSize: 12,
    });
    editorRef.current = editor;
    return () => {
      const model = editor.getModel();
      editor.dispose();
      model?.original.dispose();
      model?.modified.dispose();
    };
  }, []);
  useEffect(() => {
    if (inlineBelow !== undefined) editorRef.current?.updateOptions({ renderSideBySideInlineBreakpoint: inlineBelow });
  }, [inlineBelow]);
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const old = editor.getModel();
    editor.setModel({ original: monaco.editor.createModel(before, language), modified: monaco.editor.createModel(after, language) });
    old?.original.dispose();
    old?.modified.dispose();
  }, [before, after, language]);
  return <div ref={host} className="diff-host" data-testid={testId} />;
}
