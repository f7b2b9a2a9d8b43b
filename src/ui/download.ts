/** Offers `text` (or a Blob of it) to the user as a file download (nothing leaves the browser). */
export function download(text: string | Blob, filename: string, type = 'text/yaml') {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
