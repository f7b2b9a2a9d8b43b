import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The examples gallery precompiled: src/examples/examples.ts reads every example's files and
 * parses each `example.yaml` at start-up (as the tests and the CLI still do); the app's build
 * replaces that module with the catalog it would have built, as data, so the page neither parses
 * YAML nor carries the `yaml` library for it on a first visit. (src/examples is the cli engineer's;
 * the catalog's shape and buildCatalog are unchanged.)
 */
function precompiledExamples(): Plugin {
  const dir = fileURLToPath(new URL('./src/examples/', import.meta.url));
  const module = fileURLToPath(new URL('./src/examples/examples.ts', import.meta.url));
  return {
    name: 'meshsim:precompiled-examples',
    enforce: 'pre',
    async load(id) {
      if (id !== module) return null;
      const { buildCatalog } = await import('./src/examples/catalog.ts');
      const files: Record<string, string> = {};
      for (const folder of readdirSync(dir, { withFileTypes: true })) {
        if (!folder.isDirectory()) continue;
        for (const f of readdirSync(`${dir}${folder.name}`)) {
          if (!f.endsWith('.yaml')) continue;
          const path = `${dir}${folder.name}/${f}`;
          this.addWatchFile(path);
          files[`./${folder.name}/${f}`] = readFileSync(path, 'utf8');
        }
      }
      return `// Precompiled by vite.config.ts from src/examples/*/ (see examples.ts).\nexport const examples = ${JSON.stringify(buildCatalog(files))};\n`;
    },
  };
}

/**
 * The engine worker answers its first verdict before cel-js and re2js (≈ 70 KB gzip) have arrived:
 * in that worker's build only, the CEL environment imports a slot (src/engine/cel/celSlot.ts)
 * instead of the compiler, and the worker fills the slot from a chunk of its own before it analyses
 * a text that names matchConditions (src/worker/engineService.ts). The CLI, the tests and the
 * audit worker import the compiler as written.
 */
function celSlotInEngineWorker(): Plugin {
  let engineWorker = false;
  const slot = fileURLToPath(new URL('./src/engine/cel/celSlot.ts', import.meta.url));
  return {
    name: 'meshsim:cel-slot-in-engine-worker',
    enforce: 'pre',
    buildStart(options) {
      const input = options.input;
      const entries = Array.isArray(input) ? input : typeof input === 'string' ? [input] : Object.values(input ?? {});
      engineWorker = entries.some((e) => /[\\/]worker[\\/]engine\.worker\.ts$/.test(e));
    },
    resolveId(source, importer) {
      if (engineWorker && source === './compiler.ts' && importer && /[\\/]engine[\\/]cel[\\/]environment\.ts$/.test(importer)) return slot;
      return null;
    },
  };
}

// BASE_PATH lets one build serve at a site root, under a GitHub Pages sub-path, or from any static
// server; './' keeps asset URLs relative when it is not set.
export default defineConfig({
  base: process.env.BASE_PATH ?? './',
  plugins: [precompiledExamples(), react()],
  resolve: {
    alias: [
      {
        // monaco-editor >= 0.56 maps "./*" to "./esm/vs/*.js", so the deep path monaco-yaml's worker
        // manager still imports no longer resolves without this alias.
        find: /^monaco-editor\/esm\/vs\/(.*)$/,
        replacement: fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/$1', import.meta.url)),
      },
    ],
  },
  worker: { format: 'es', plugins: () => [celSlotInEngineWorker()] },
  build: {
    chunkSizeWarningLimit: 5000,
    sourcemap: false,
  },
});
