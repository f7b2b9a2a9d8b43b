import { dirname, relative, resolve, sep } from 'node:path';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/*
 * Doors: an engine folder is entered through its index.ts, whose explicit export list is the
 * folder's public face (tldraw's explicit export list); only the folder's own files (and tests
 * beside them) reach its other files. The folders listed here keep their doors; a folder joins
 * when every import from outside goes through its index. SIDE_DOORS are a folder's other entries,
 * each an explicit export list of its own: scenario/'s two halves of the app worker's first-verdict
 * split (a first chunk without the later stages), ambient/'s stages of that first chunk
 * (firstStages.ts: through ambient/index.ts the chunk would take every file the index names, as a
 * bundler places a module by what imports it, used or not), and cel/'s lazily loaded compiler
 * (installCompiler.ts, which ../celCompiler.ts re-exports for the worker's CEL chunk), and yaml/'s fast
 * block reader with its YAML 1.2 core rules and the fast path of parseYamlDocuments (blockYamlReader.ts,
 * coreScalars.ts, fastDocuments.ts): re-exported through yaml/index.ts, which the app worker's first
 * chunk imports, the bundler put them in that chunk.
 */
const DOORS = ['admission', 'ambient', 'audit', 'cel', 'documents', 'go', 'gotemplate', 'injection', 'injectionPolicy', 'install', 'iptables', 'kube', 'mesh', 'netfilter', 'packettrace', 'releases', 'scenario', 'selectors', 'stages', 'traffic', 'upgrade', 'validation', 'webhooks', 'yaml'];
const SIDE_DOORS = { scenario: ['firstVerdict.ts', 'later.ts'], ambient: ['firstStages.ts'], cel: ['installCompiler.ts'], yaml: ['blockYamlReader.ts', 'coreScalars.ts', 'fastDocuments.ts'] };
const engineRoot = resolve(dirname(new URL(import.meta.url).pathname), 'src/engine');

const folderDoors = {
  meta: { type: 'problem', schema: [], messages: { door: "src/engine/{{folder}}/ is entered through its index.ts: import '{{door}}' (and add the name to its export list)." } },
  create(context) {
    const here = context.filename;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolve(dirname(here), source.value);
      const inside = relative(engineRoot, target).split(sep);
      if (inside[0] === '..' || inside.length < 2 || !DOORS.includes(inside[0])) return;
      const folder = inside[0];
      if (!relative(resolve(engineRoot, folder), here).startsWith('..')) return; // the folder's own file
      if (inside.length === 2 && (inside[1] === 'index.ts' || SIDE_DOORS[folder]?.includes(inside[1]))) return;
      let door = relative(dirname(here), resolve(engineRoot, folder, 'index.ts')).split(sep).join('/');
      if (!door.startsWith('.')) door = `./${door}`;
      context.report({ node: source, messageId: 'door', data: { folder, door } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source),
    };
  },
};

// The engine is a pure library shared by the worker, the CLI and the tests: it must never reach
// for the UI, the DOM, worker globals or Node's own modules.
const engineBoundary = {
  files: ['src/engine/**/*.ts'],
  ignores: ['src/engine/**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['react', 'react-dom', 'react-dom/*', 'react/*'], message: 'The engine must not depend on React.' },
        { group: ['monaco-editor', 'monaco-editor/*', 'monaco-yaml', 'monaco-yaml/*'], message: 'The engine must not depend on Monaco.' },
        { group: ['zustand', 'zustand/*', '@xyflow/*', 'comlink'], message: 'The engine must not depend on UI state or diagrams.' },
        { group: ['**/ui/**', '**/state/**', '**/worker/**', '**/cli/**', '**/editor/**'], message: 'Imports run one way: UI → state → worker client → engine.' },
        { group: ['node:*', 'fs', 'path', 'child_process', 'os'], message: 'The engine runs in a browser worker: no Node modules.' },
      ],
    }],
    'no-restricted-globals': ['error', 'window', 'document', 'self', 'postMessage', 'navigator', 'localStorage', 'process', 'require'],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-cli/**', 'node_modules/**', 'reports/**', 'test-results/**', 'public/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  engineBoundary,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { meshsim: { rules: { 'folder-doors': folderDoors } } },
    rules: { 'meshsim/folder-doors': 'error' },
  },
  {
    // Tests may run the real engine to produce realistic results instead of mocking them.
    files: ['src/ui/**', 'src/state/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/engine/**', '**/engine', '**/engineService.ts'], message: 'The UI reaches the engine only through the worker client.' }] }],
    },
  },
  {
    // The main thread's side of the worker boundary (protocols, clients, the editor, the entry)
    // may name engine *types*, never engine values: runtime engine code belongs in the workers'
    // bundles, not the page's (excalidraw's type-only boundary).
    files: ['src/main.tsx', 'src/editor/**', 'src/worker/**', 'src/examples/examples.ts', 'src/examples/catalog.ts'],
    // Worker entries, and engineService.ts which only the engine worker's entry imports, run in a worker.
    ignores: ['src/worker/*.worker.ts', 'src/worker/engineService.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/engine/**', '**/engine'], allowTypeImports: true, message: 'Only engine types may cross to the main thread: use `import type`, or ask the worker.' },
          { group: ['**/engineService.ts'], allowTypeImports: true, message: 'engineService runs in the engine worker: talk to it through engineClient.' },
        ],
      }],
    },
  },
);
