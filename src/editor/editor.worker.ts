// Local wrapper so Vite bundles Monaco's editor worker through `?worker` (a bare package import
// would be pre-bundled in dev and lose the `?worker` suffix).
import 'monaco-editor/editor/editor.worker.js';
