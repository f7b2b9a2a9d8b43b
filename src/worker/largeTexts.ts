/**
 * Large texts cross to the engine worker and into IndexedDB as Blobs, built and read a slice at a
 * time. A 50 MB string given to postMessage or to IndexedDB is copied whole inside one task on the
 * main thread (measured in Chromium: 80–190 ms for postMessage, 200–800 ms for an IndexedDB put);
 * a Blob is handed over by reference, and building it a slice per task keeps each task short.
 */

/** Texts at least this long travel as Blobs. */
export const BLOB_THRESHOLD = 1024 * 1024;

/** Characters encoded (or bytes decoded) per task: a few ms each, even on a busy machine. */
const SLICE = 256 * 1024;

/** Lets the browser run other tasks (input, rendering) between slices. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The last few texts made into Blobs, by identity, so the autosave and the engine share one. */
const made: { text: string; blob: Promise<Blob> }[] = [];
const MADE = 6;

/** `text` as a UTF-8 Blob, encoded a slice per task (the same string gives the same Blob). */
export function blobOf(text: string): Promise<Blob> {
  return blobOfParts(text, [text]);
}

/**
 * The Blob of `text`, which is `parts` joined, built from the parts: a text made by joining (a paste
 * into the middle of a text) is a rope that its first slice would flatten, a copy of the whole
 * text inside one task; its parts are flat, and slicing them copies only the slice.
 */
export function blobOfParts(text: string, parts: readonly string[]): Promise<Blob> {
  const known = made.find((m) => m.text === text);
  if (known) return known.blob;
  const blob = (async () => {
    const encoded: Blob[] = [];
    for (const part of parts) {
      let start = 0;
      while (start < part.length) {
        // A slice never ends between the two halves of a surrogate pair, so each is whole UTF-8.
        let end = Math.min(part.length, start + SLICE);
        const last = part.charCodeAt(end - 1);
        if (end < part.length && last >= 0xd800 && last <= 0xdbff) end--;
        encoded.push(new Blob([part.slice(start, end)]));
        start = end;
        await nextTask();
      }
    }
    return new Blob(encoded, { type: 'text/plain;charset=utf-8' });
  })();
  remember(text, blob);
  return blob;
}

function remember(text: string, blob: Promise<Blob>) {
  made.unshift({ text, blob });
  made.length = Math.min(made.length, MADE);
}

/** A Blob's UTF-8 text, decoded a slice per task; the text remembers its Blob (see blobOf). */
export async function readBlobText(blob: Blob): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let i = 0; i < blob.size; i += SLICE) {
    parts.push(decoder.decode(await blob.slice(i, i + SLICE).arrayBuffer(), { stream: true }));
    if (i + SLICE < blob.size) await nextTask();
  }
  parts.push(decoder.decode());
  const text = parts.join('');
  remember(text, Promise.resolve(blob));
  return text;
}
