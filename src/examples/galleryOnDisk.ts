import { readdirSync, readFileSync } from 'node:fs';
import { buildCatalog, type Example } from './catalog.ts';

/**
 * The gallery as the app bundles it, read from disk: for tests under Node, where examples.ts's
 * Vite glob does not run. Never imported by the app.
 */
export function galleryOnDisk(): Example[] {
  const root = new URL('./', import.meta.url);
  const files: Record<string, string> = {};
  for (const d of readdirSync(root, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    for (const f of readdirSync(new URL(`${d.name}/`, root))) if (f.endsWith('.yaml')) files[`./${d.name}/${f}`] = readFileSync(new URL(`${d.name}/${f}`, root), 'utf8');
  }
  return buildCatalog(files);
}
