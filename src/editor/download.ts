/**
 * Offers `text` (or a Blob of it) to the user as a file download (nothing leaves the browser).
 * It sits with the editor widget, the lowest layer that needs it (the held-text notice saves a tab
 * as a file), so the UI above (the Share menu) may import it too without an import running back
 * up; it is a plain DOM helper and pulls none of Monaco in.
 */
export function download(text: string | Blob, filename: string, type = 'text/yaml') {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
