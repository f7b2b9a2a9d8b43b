import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { validSavedScenario, type SavedScenario } from './savedScenario.ts';

/**
 * Permalinks: the whole scenario, compressed into the URL's hash (as the TypeScript playground does
 * with #code/), so a link reproduces it on any static host and under any base path.
 */
const PREFIX = '#s=';

export function encodeHash(s: SavedScenario): string {
  return PREFIX + compressToEncodedURIComponent(JSON.stringify(s));
}

export function decodeHash(hash: string): SavedScenario | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    const json = decompressFromEncodedURIComponent(hash.slice(PREFIX.length));
    return json ? validSavedScenario(JSON.parse(json)) : undefined;
  } catch {
    return undefined;
  }
}

/** Links longer than this get cut or refused by common chat tools; the UI then offers a file instead. */
export const LONG_LINK = 4000;
