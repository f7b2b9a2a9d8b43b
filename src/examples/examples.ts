import { buildCatalog } from './catalog.ts';

// Vite inlines every example file at build time; nothing is fetched at run time.
const files = import.meta.glob('./*/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const examples = buildCatalog(files);
