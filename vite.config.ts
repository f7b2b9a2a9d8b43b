import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// BASE_PATH lets one build serve at a site root, under a GitHub Pages sub-path, or from any static
// server; './' keeps asset URLs relative when it is not set.
export default defineConfig({
  base: process.env.BASE_PATH ?? './',
  plugins: [react()],
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
  worker: { format: 'es' },
  build: {
    chunkSizeWarningLimit: 5000,
    sourcemap: false,
  },
});
