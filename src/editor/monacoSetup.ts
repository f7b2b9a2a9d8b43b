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
  // A YAML syntax error is said once, by the engine, in plain words at the place it starts
  // (src/engine/yaml/plainErrors.ts). monaco-yaml's parser reports the same error in the yaml
  // library's words (source "YAML"); only its schema findings ("yaml-schema: ...") and hints are kept.
  setModelMarkers(model: monaco.editor.ITextModel, owner: string, markers: monaco.editor.IMarkerData[]) {
    const kept = owner === 'yaml' ? markers.filter((m) => m.source !== 'YAML' || m.severity < monaco.MarkerSeverity.Warning) : markers;
    monaco.editor.setModelMarkers(model, owner, kept);
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
