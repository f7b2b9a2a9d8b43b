#!/usr/bin/env node
// The bundle budget: what a first visit downloads before the editor and the result panels work,
// and apart from it Monaco, each worker and the diagram code. Reads dist/ after `vite build`.
//   node scripts/bundle-report.mjs [--check] [--json] [--dist DIR]
// --check exits 1 when first-visit JavaScript exceeds the budget (250 KB gzip).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_VISIT_BUDGET_KB = 250;

// Libraries recognised in a chunk by text that survives minification (error messages, CSS class
// prefixes), so the report can say what made the first visit heavy.
const LIBRARY_MARKERS = {
  yaml: ['Implicit keys need to be on a single line', 'Map keys must be unique'],
  'react-dom': ['react-dom', 'Minified React error'],
  monaco: ['vs/editor', 'monaco-editor'],
  'react-flow': ['react-flow__'],
  dagre: ['dagre'],
  'cel-js': ['CEL'],
  'lz-string': ['compressToEncodedURIComponent'],
};

const kb = (bytes) => bytes / 1024;

/** Static imports of an ES module chunk (`import x from "./a.js"`, `import "./b.js"`), not `import()`. */
export function staticImports(code) {
  const out = new Set();
  const re = /\bimport\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1]);
  // `export * from "./x.js"` and `export { a } from "./x.js"` load their module too.
  for (const m of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+\.js)["']/g)) out.add(m[1]);
  return [...out];
}

/** Script and modulepreload URLs of the built index.html, as paths relative to dist/. */
export function entryFiles(html, base) {
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)].map((m) => m[1]),
  ];
  return [...new Set(urls.map((u) => stripBase(u, base)))];
}

function stripBase(url, base) {
  let u = url.replace(/^https?:\/\/[^/]+/, '');
  if (base && u.startsWith(base)) u = u.slice(base.length);
  return u.replace(/^\.?\//, '');
}

/** The first-visit closure: the entry scripts and everything they import statically. */
export function firstVisitFiles(readText, entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    if (!f.endsWith('.js')) continue;
    for (const spec of staticImports(readText(f))) {
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
      queue.push(posix.normalize(posix.join(posix.dirname(f), spec)).replace(/^\//, ''));
    }
  }
  return [...seen];
}

/** Sizes every part of the bundle. `dist` is a directory holding index.html and the assets. */
export function analyzeBundle(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const base = (/<script\b[^>]*\bsrc="([^"]*?)assets\//.exec(html) ?? [])[1] ?? '';
  const files = listFiles(dist).filter((f) => f !== 'index.html');
  const cache = new Map();
  const readText = (f) => {
    if (!cache.has(f)) cache.set(f, existsSync(join(dist, f)) ? readFileSync(join(dist, f), 'utf8') : '');
    return cache.get(f);
  };
  const size = (f) => {
    const buf = readFileSync(join(dist, f));
    return { file: f, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  const first = firstVisitFiles(readText, entryFiles(html, base)).filter((f) => files.includes(f));
  const firstJs = first.filter((f) => f.endsWith('.js'));
  const entryCss = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => stripBase(m[1], base)).filter((f) => files.includes(f));
  const lazyJs = files.filter((f) => f.endsWith('.js') && !firstJs.includes(f));
  const workers = lazyJs.filter((f) => /\.worker[-.]/.test(posix.basename(f)));
  const monaco = files.filter((f) => /monaco/i.test(posix.basename(f)) && /\.(js|css)$/.test(f) && !firstJs.includes(f) && !workers.includes(f));
  const diagram = lazyJs.filter((f) => !workers.includes(f) && !monaco.includes(f) && readText(f).includes('react-flow__'));
  const group = (what, list) => {
    const parts = list.map(size);
    return { what, files: parts, raw: parts.reduce((n, p) => n + p.raw, 0), gzip: parts.reduce((n, p) => n + p.gzip, 0) };
  };
  const libraries = (list) => Object.entries(LIBRARY_MARKERS).filter(([, marks]) => list.some((f) => marks.some((m) => readText(f).includes(m)))).map(([lib]) => lib);
  const rows = [
    { ...group('first visit: JavaScript (entry + static imports)', firstJs), libraries: libraries(firstJs) },
    group('first visit: CSS', entryCss),
    group('Monaco (JS + CSS)', monaco),
    ...workers.map((w) => group(`worker: ${posix.basename(w).replace(/\.worker[-.].*$/, '')}`, [w])),
    group('diagram (React Flow chunk)', diagram),
    group('other lazy chunks', lazyJs.filter((f) => !workers.includes(f) && !monaco.includes(f) && !diagram.includes(f))),
  ];
  const firstVisitGzipKb = kb(rows[0].gzip);
  return { rows, firstVisitGzipKb, budgetKb: FIRST_VISIT_BUDGET_KB, overBudget: firstVisitGzipKb > FIRST_VISIT_BUDGET_KB };
}

function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

export function formatTable(report) {
  const lines = ['| part | files | raw KB | gzip KB |', '|---|---|---:|---:|'];
  for (const r of report.rows) {
    const names = r.files.map((f) => posix.basename(f.file)).join(', ') || '—';
    const libs = r.libraries?.length ? ` (contains: ${r.libraries.join(', ')})` : '';
    lines.push(`| ${r.what}${libs} | ${names} | ${kb(r.raw).toFixed(1)} | ${kb(r.gzip).toFixed(1)} |`);
  }
  const verdict = report.overBudget ? 'OVER BUDGET' : 'within budget';
  lines.push('', `first-visit JavaScript: ${report.firstVisitGzipKb.toFixed(1)} KB gzip of a ${report.budgetKb} KB budget (${verdict})`);
  return lines.join('\n');
}

function main(argv) {
  const distAt = argv.indexOf('--dist');
  const dist = distAt >= 0 ? argv[distAt + 1] : 'dist';
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`bundle-report: ${dist}/index.html not found; run \`vite build\` first`);
    return 2;
  }
  const report = analyzeBundle(dist);
  console.log(argv.includes('--json') ? JSON.stringify(report, null, 2) : formatTable(report));
  return argv.includes('--check') && report.overBudget ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main(process.argv.slice(2)));
