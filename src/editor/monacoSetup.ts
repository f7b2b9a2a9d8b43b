import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/yaml/register';
import { configureMonacoYaml } from 'monaco-yaml';
import EditorWorker from './editor.worker?worker';
import YamlWorker from './yaml.worker?worker';
import { kubernetesSchema } from './kubernetesSchema.ts';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'yaml' ? new YamlWorker() : new EditorWorker()),
};

// monaco-yaml (through monaco-worker-manager) still calls the pre-0.53 createWebWorker signature
// ({moduleId, label, createData}); Monaco >= 0.53 wants a ready Worker. This adapter makes the
// worker itself and performs the same two-message handshake Monaco performs internally.
const editorCompat = {
  ...monaco.editor,
  createWebWorker(opts: any) {
    if (opts.worker) return monaco.editor.createWebWorker(opts);
    const worker = self.MonacoEnvironment!.getWorker!(opts.moduleId, opts.label) as Worker;
    worker.postMessage('ignore');
    worker.postMessage(opts.createData);
    return monaco.editor.createWebWorker({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels } as any);
  },
};

configureMonacoYaml({ ...monaco, editor: editorCompat } as unknown as typeof monaco, {
  enableSchemaRequest: false,
  isKubernetes: true,
  hover: true,
  completion: true,
  validate: true,
  schemas: [{ uri: 'inmemory://meshsim/kubernetes.schema.json', fileMatch: ['**/*.yaml'], schema: kubernetesSchema as any }],
});

export { monaco };
