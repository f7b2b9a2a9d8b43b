import { readFileSync } from 'node:fs';
import { analyzeScenario, INPUT_NAMES } from './src/engine/index.ts';
const base = Object.fromEntries(INPUT_NAMES.map((n) => [n, readFileSync(`src/examples/default/${n}.yaml`, 'utf8')]));
for (const n of [1, 10, 60]) {
  const injector = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\n  namespace: istio-system\ndata:\n  values: '{"global":{}}'\n  config: |\n    policy: enabled\n    defaultTemplates: [${Array(n).fill('forever').join(', ')}]\n    templates:\n      forever: |\n        {{ range until 100000 }}{{ range until 100000 }}{{ end }}{{ end }}\n`;
  const t = performance.now();
  const r = analyzeScenario({ texts: { ...base, injector } } as any);
  console.log(n, Math.round(performance.now() - t), 'ms', r.admission.workloads[0]?.verdict, r.admission.workloads[0]?.summary.slice(0, 160));
}
