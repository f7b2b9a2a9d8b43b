import { useState } from 'react';

/** Copy to clipboard and download-as-file for a block of text. */
export function CopyButtons({ text, filename, what }: { text: string; filename: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <span className="copy-buttons">
      <button className="button" onClick={copy} aria-label={`Copy ${what}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <button className="button" onClick={download} aria-label={`Download ${what}`}>
        Download
      </button>
    </span>
  );
}
