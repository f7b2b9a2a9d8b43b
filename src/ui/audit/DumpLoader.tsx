import { useState, type DragEvent } from 'react';

/** Takes a dragged file for the audit; the app under the audit view must not open it as a scenario. */
export function acceptDrag(e: DragEvent) {
  e.preventDefault();
  e.stopPropagation();
}

export function dropDump(e: DragEvent, onLoad: (text: string, source: string) => void) {
  acceptDrag(e);
  const file = e.dataTransfer.files[0];
  if (file) void file.text().then((text) => onLoad(text, file.name));
}

interface Props {
  onLoad(text: string, source: string): void;
  busy: boolean;
}

/** The three ways to hand over a dump: a file picker, dropping a file, or pasting its text. */
export function DumpLoader({ onLoad, busy }: Props) {
  const [pasted, setPasted] = useState('');
  const [over, setOver] = useState(false);

  const readFile = async (file: File | undefined) => {
    if (file) onLoad(await file.text(), file.name);
  };

  const onDrop = (e: DragEvent) => {
    setOver(false);
    dropDump(e, onLoad);
  };

  return (
    <div className="audit-loader">
      <div
        className={over ? 'audit-drop over' : 'audit-drop'}
        onDragOver={(e) => {
          acceptDrag(e);
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="audit-drop"
      >
        <p>
          Drop the output of <code>kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml</code> here, or{' '}
          <label className="button">
            choose a file
            <input type="file" className="audit-file-input" aria-label="Dump file" accept=".yaml,.yml,.json,.txt" disabled={busy} onChange={(e) => void readFile(e.target.files?.[0])} />
          </label>
          . It is read in your browser and never uploaded.
        </p>
      </div>
      <div className="audit-paste">
        <textarea
          aria-label="Paste a dump"
          placeholder="…or paste a dump here"
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          onPaste={(e) => {
            // A pasted dump can be megabytes: audit it straight away rather than lay it out in the box.
            const text = e.clipboardData.getData('text');
            if (!text.trim() || busy) return;
            e.preventDefault();
            onLoad(text, 'pasted text');
          }}
          rows={2}
          spellCheck={false}
        />
        <button type="button" className="button" disabled={busy || !pasted.trim()} onClick={() => onLoad(pasted, 'pasted text')}>
          Audit pasted text
        </button>
      </div>
    </div>
  );
}
