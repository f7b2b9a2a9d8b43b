import { describe, expect, it } from 'vitest';
import { readScenarioDocuments } from './scenarioDocuments.ts';

const workloads = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  jobTemplate:
    spec:
      template:
        spec:
          containers: [{name: job, image: busybox}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
`;

const istio = `apiVersion: v1
kind: ConfigMap
metadata: {name: istio-sidecar-injector-canary, namespace: istio-system}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: istio, namespace: istio-system}
---
kind: List
items:
- {kind: Namespace, metadata: {name: shop}}
- {kind: Pod, metadata: {name: p}, spec: {containers: [{name: c}]}}
`;

describe('readScenarioDocuments', () => {
  const result = readScenarioDocuments([
    { name: 'workloads', text: workloads },
    { name: 'istio', text: istio },
  ]);

  it('finds the pod template of every workload kind', () => {
    expect(result.workloads.map((w) => [w.kind, w.name, w.podTemplatePath.join('.')])).toEqual([
      ['Deployment', 'web', 'spec.template'],
      ['CronJob', 'nightly', 'spec.jobTemplate.spec.template'],
      ['Pod', 'p', 'items.1'],
    ]);
    expect(result.workloads[0].podTemplate.metadata.labels).toEqual({ app: 'web' });
  });

  it('recognises the injector and mesh ConfigMaps with their revision', () => {
    const roles = result.objects.map((o) => o.role);
    expect(roles).toContainEqual({ role: 'injectorConfigMap', revision: 'canary' });
    expect(roles).toContainEqual({ role: 'meshConfigMap', revision: 'default' });
    expect(roles).toContainEqual({ role: 'namespace' });
  });

  it('reports kinds it does not use, pointing at the kind line', () => {
    const d = result.diagnostics.find((x) => x.message.includes('Service'));
    expect(d).toMatchObject({ severity: 'info', source: { input: 'workloads', line: 21 } });
  });

  it('says so of a ConfigMap it does not read, as of a Service', () => {
    const r = readScenarioDocuments([{ name: 'workloads', text: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-settings}\ndata: {a: b}\n' }]);
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'info', message: expect.stringContaining('ConfigMap app-settings is not used by the simulation'), source: expect.objectContaining({ line: 3 }) })]);
  });
});
