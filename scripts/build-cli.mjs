// Builds the meshsim CLI into dist-cli/: src/cli/bin.ts and everything it imports (the engine,
// yaml, ipaddr.js, cel-js) bundled into plain ES modules, so the installed package runs on Node
// alone, with no TypeScript compiler and no dependencies. Each verb is its own chunk, so
// `meshsim --help` loads a few kilobytes and `meshsim check` only what checking needs.
// Runs at `npm pack` time (the `prepack` script, so the tarball carries the bundle and has no
// install script for npm to warn about); in a checkout bin/meshsim.mjs runs it when the bundle is
// missing or a source is newer than it, so `npx meshsim` never runs stale code.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist-cli');

/** Vite's `?raw` imports (the examples' texts) as esbuild text modules. */
const raw = {
  name: 'raw',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\?raw$/, '')), namespace: 'raw' }));
    b.onLoad({ filter: /.*/, namespace: 'raw' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text', watchFiles: [args.path] }));
  },
};

export async function buildCli({ quiet = false } = {}) {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  // Built beside the old bundle and swapped in whole, so a meshsim already running keeps its files.
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { meshsim: 'src/cli/bin.ts' },
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    define: { MESHSIM_VERSION: JSON.stringify(version) },
    // A few dependencies call require() for Node built-ins; ES modules get one from createRequire.
    banner: { js: "import { createRequire as __meshsimRequire } from 'node:module'; const require = __meshsimRequire(import.meta.url);" },
    plugins: [raw],
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
    legalComments: 'linked',
  });
  // The sources the bundle was built from, so bin/meshsim.mjs can tell when it is stale.
  const inputs = Object.keys(result.metafile.inputs).map((p) => p.replace(/^raw:/, '')).map((p) => relative(root, resolve(root, p)));
  writeFileSync(join(next, 'inputs.json'), JSON.stringify({ version, inputs }, null, 0) + '\n');
  const old = `${out}.old-${process.pid}`;
  if (existsSync(out)) renameSync(out, old);
  renameSync(next, out);
  rmSync(old, { recursive: true, force: true });
  if (!quiet) {
    const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
    process.stderr.write(`meshsim CLI: dist-cli/ (${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KB) from ${inputs.length} sources\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
