import { describe, expect, it } from 'vitest';
import { blobOf, blobOfParts, readBlobText } from './largeTexts.ts';

describe('large texts as Blobs, a slice per task', () => {
  it('round-trips any text, a surrogate pair at a slice boundary included', async () => {
    const slice = 256 * 1024;
    // '😀' is two UTF-16 units: put one across the first slice boundary, and multi-byte text around it.
    const text = `${'a'.repeat(slice - 1)}😀${'é'.repeat(slice)}ü${'x'.repeat(3)}`;
    const blob = await blobOf(text);
    expect(blob.size).toBe(new TextEncoder().encode(text).length);
    expect(await readBlobText(blob)).toBe(text);
  });

  it('builds a joined text from its parts, and gives the same Blob for the same text', async () => {
    const parts = ['kind: Pod\n', 'y'.repeat(300_000), '\n# end\n'];
    const text = parts.join('');
    const blob = await blobOfParts(text, parts);
    expect(await blob.text()).toBe(text);
    expect(await blobOf(text)).toBe(blob);
  });

  it('a text read back from a Blob remembers it (the engine and the autosave share one)', async () => {
    const blob = new Blob(['z'.repeat(1_100_000)]);
    const text = await readBlobText(blob);
    expect(text).toHaveLength(1_100_000);
    expect(await blobOf(text)).toBe(blob);
  });
});
