import { useEffect, useRef } from 'react';
import { monaco } from './monacoSetup.ts';

/** Monaco's side-by-side diff of the pod before and after injection (read-only). */
export default function DiffView({ before, after }: { before: string; after: string }) {
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
    const editor = editorRef.current;
    if (!editor) return;
    const old = editor.getModel();
    editor.setModel({ original: monaco.editor.createModel(before, 'yaml'), modified: monaco.editor.createModel(after, 'yaml') });
    old?.original.dispose();
    old?.modified.dispose();
  }, [before, after]);
  return <div ref={host} className="diff-host" data-testid="pod-diff" />;
}
