#!/usr/bin/env node
// The bundle budget: what a first visit downloads before the first verdict is on screen — the
// page's entry chunk with its static imports, plus the engine worker the page starts at once with
// its static imports — and apart from it Monaco, the engine's later chunks, each other worker and
// the diagram code. Reads dist/ after `vite build`.
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
  'cel-js': ['unlistedVariablesAreDyn'],
  'lz-string': ['compressToEncodedURIComponent'],
};

const kb = (bytes) => bytes / 1024;

/** The workers the page starts as it loads (src/state/engineBinding.ts binds the engine at start-up). */
const FIRST_VISIT_WORKERS = [/^engine\.worker[-.]/];

/** Dynamic imports of an ES module chunk (`import("./a.js")`, with any quotes), which load later. */
export function dynamicImports(code) {
  return [...new Set([...code.matchAll(/\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]))];
}

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
  const pageJs = first.filter((f) => f.endsWith('.js'));
  const startedWorkers = files.filter((f) => f.endsWith('.js') && FIRST_VISIT_WORKERS.some((re) => re.test(posix.basename(f))));
  const workerFirstJs = firstVisitFiles(readText, startedWorkers).filter((f) => files.includes(f) && f.endsWith('.js') && !pageJs.includes(f));
  const firstJs = [...pageJs, ...workerFirstJs];
  // What the started workers import on demand (the engine's injection and CEL chunks), and what those import.
  const workerLaterJs = firstVisitFiles(readText, startedWorkers.flatMap((w) => firstVisitFiles(readText, [w])).flatMap((f) => dynamicImports(readText(f)).map((spec) => posix.normalize(posix.join(posix.dirname(f), spec)))))
    .filter((f) => files.includes(f) && !firstJs.includes(f));
  const entryCss = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => stripBase(m[1], base)).filter((f) => files.includes(f));
  const lazyJs = files.filter((f) => f.endsWith('.js') && !firstJs.includes(f) && !workerLaterJs.includes(f));
  const workers = lazyJs.filter((f) => /\.worker[-.]/.test(posix.basename(f)));
  const monaco = files.filter((f) => /monaco/i.test(posix.basename(f)) && /\.(js|css)$/.test(f) && !firstJs.includes(f) && !workers.includes(f));
  const diagram = lazyJs.filter((f) => !workers.includes(f) && !monaco.includes(f) && readText(f).includes('react-flow__'));
  const group = (what, list) => {
    const parts = list.map(size);
    return { what, files: parts, raw: parts.reduce((n, p) => n + p.raw, 0), gzip: parts.reduce((n, p) => n + p.gzip, 0) };
  };
  const libraries = (list) => Object.entries(LIBRARY_MARKERS).filter(([, marks]) => list.some((f) => marks.some((m) => readText(f).includes(m)))).map(([lib]) => lib);
  const rows = [
    { ...group('first visit: JavaScript (page entry + engine worker first chunk)', firstJs), libraries: libraries(firstJs) },
    { ...group('  of which: page entry + static imports', pageJs), libraries: libraries(pageJs) },
    { ...group('  of which: engine worker, first chunk + static imports', workerFirstJs), libraries: libraries(workerFirstJs) },
    group('first visit: CSS', entryCss),
    group('engine worker: chunks loaded after the first verdict (injection, traffic, CEL)', workerLaterJs),
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
