// node --test scripts/bundle-report.test.mjs — the bundle report on a hand-made dist/.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeBundle, dynamicImports, entryFiles, staticImports } from './bundle-report.mjs';

function fakeDist(entryExtraBytes = 0) {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-report-'));
  mkdirSync(join(dist, 'assets'));
  const put = (f, text) => writeFileSync(join(dist, 'assets', f), text);
  writeFileSync(
    join(dist, 'index.html'),
    '<script type="module" crossorigin src="/meshsim/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/meshsim/assets/pre-b.js"><link rel="stylesheet" href="/meshsim/assets/index-c.css">',
  );
  // Incompressible filler so the budget can be crossed on purpose.
  const filler = randomBytes(entryExtraBytes).toString('base64');
  put('index-a.js', `import{a as b}from"./vendor-d.js";import"./side-e.js";const m=()=>import("./monacoSetup-f.js");new Worker(new URL("engine.worker-g.js",import.meta.url));const d=()=>import("./Diagram-h.js");/*${filler}*/`);
  put('pre-b.js', 'export const p=1;');
  put('vendor-d.js', 'export * from "./deep-i.js";throw Error("Implicit keys need to be on a single line")');
  put('deep-i.js', 'export const q=2;');
  put('side-e.js', 'console.log(1)');
  put('monacoSetup-f.js', 'monaco'.repeat(100));
  put('monacoSetup-f.css', '.monaco{}');
  put('engine.worker-g.js', 'import{y}from"./shared-j.js";const later=()=>import(`./later-k.js`);self.onmessage=()=>{}');
  put('shared-j.js', 'export const y=3;');
  put('later-k.js', 'import"./regexp-l.js";export const LATER=1;');
  put('regexp-l.js', 'export const re=1;');
  put('audit.worker-m.js', 'self.onmessage=()=>{}');
  put('Diagram-h.js', 'const c="react-flow__node";');
  put('index-c.css', 'body{}');
  return dist;
}

test('static imports are followed, dynamic imports are not', () => {
  assert.deepEqual(staticImports('import{a as b}from"./x.js";import"./y.js";import("./z.js");export*from"./w.js"').sort(), ['./w.js', './x.js', './y.js']);
  assert.deepEqual(dynamicImports('import("./z.js");import(`./q.js`);import"./y.js"'), ['./z.js', './q.js']);
});

test('entry scripts and modulepreloads are read from index.html under a base path', () => {
  assert.deepEqual(entryFiles('<script type="module" src="/meshsim/assets/i.js"></script><link rel="modulepreload" href="/meshsim/assets/p.js">', '/meshsim/'), ['assets/i.js', 'assets/p.js']);
});

test('every part of the bundle lands in its row', () => {
  const report = analyzeBundle(fakeDist());
  const files = (what) => report.rows.find((r) => r.what.startsWith(what)).files.map((f) => f.file).sort();
  // The page's closure plus the engine worker it starts, with the worker's static imports.
  assert.deepEqual(files('first visit: JavaScript'), ['assets/deep-i.js', 'assets/engine.worker-g.js', 'assets/index-a.js', 'assets/pre-b.js', 'assets/shared-j.js', 'assets/side-e.js', 'assets/vendor-d.js']);
  assert.deepEqual(files('  of which: engine worker'), ['assets/engine.worker-g.js', 'assets/shared-j.js']);
  // What the worker imports on demand is counted apart, with its own static imports.
  assert.deepEqual(files('engine worker: chunks loaded after'), ['assets/later-k.js', 'assets/regexp-l.js']);
  assert.deepEqual(files('worker: audit'), ['assets/audit.worker-m.js']);
  assert.deepEqual(files('first visit: CSS'), ['assets/index-c.css']);
  assert.deepEqual(files('Monaco'), ['assets/monacoSetup-f.css', 'assets/monacoSetup-f.js']);
  assert.deepEqual(files('diagram'), ['assets/Diagram-h.js']);
  assert.deepEqual(report.rows[0].libraries, ['yaml']);
  assert.equal(report.overBudget, false);
});

test('--check fails only over the budget', () => {
  const run = (dist) => spawnSync(process.execPath, [new URL('./bundle-report.mjs', import.meta.url).pathname, '--check', '--dist', dist], { encoding: 'utf8' });
  const small = run(fakeDist());
  assert.equal(small.status, 0, small.stderr);
  assert.match(small.stdout, /within budget/);
  const big = run(fakeDist(300 * 1024));
  assert.equal(big.status, 1);
  assert.match(big.stdout, /OVER BUDGET/);
});
