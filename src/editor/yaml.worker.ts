// monaco-yaml's documented Vite workaround: re-export its worker from a local file.
import 'monaco-yaml/yaml.worker.js';
