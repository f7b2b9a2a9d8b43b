import { describe, expect, it } from 'vitest';
import { podOfTemplated, templatedKindOf, whyNoPodTemplate } from './podControllers.ts';

const containers = [{ name: 'app', image: 'example/app:1' }];

describe('objects of other controllers that carry a pod template', () => {
  const cases: { what: string; obj: Record<string, any>; title?: string; path?: string[] }[] = [
    { what: 'an Argo Rollout', obj: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', metadata: { name: 'web' }, spec: { template: { spec: { containers } } } }, title: 'an Argo Rollout', path: ['spec', 'template'] },
    { what: 'a Knative Service', obj: { apiVersion: 'serving.knative.dev/v1', kind: 'Service', metadata: { name: 'hello' }, spec: { template: { spec: { containers: [{ image: 'x' }] } } } }, title: 'a Knative Service', path: ['spec', 'template'] },
    { what: 'a custom resource with spec.template', obj: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'c' }, spec: { template: { spec: { containers } } } }, title: 'a CloneSet (apps.kruise.io/v1alpha1)', path: ['spec', 'template'] },
    { what: 'a custom resource with a CronJob-like template', obj: { apiVersion: 'example.com/v1', kind: 'Nightly', metadata: { name: 'n' }, spec: { jobTemplate: { spec: { template: { spec: { containers } } } } } }, path: ['spec', 'jobTemplate', 'spec', 'template'] },
    { what: 'a core Service (no template)', obj: { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [] } } },
    { what: 'a custom resource whose template has no containers', obj: { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't' }, spec: { template: { foo: 1 } } } },
    { what: 'a Knative Service under another group', obj: { apiVersion: 'example.com/v1', kind: 'Service', metadata: { name: 'x' }, spec: { template: { spec: {} } } } },
  ];
  for (const c of cases) {
    it(`${c.what}: ${c.path ? 'is a workload' : 'is not'}`, () => {
      const t = templatedKindOf(c.obj);
      if (!c.path) return expect(t).toBeUndefined();
      expect(t?.templatePath).toEqual(c.path);
      if (c.title) expect(t?.title).toBe(c.title);
    });
  }

  it('a Rollout’s pod belongs to a ReplicaSet labelled rollouts-pod-template-hash, as Argo creates it', () => {
    const obj = cases[0]!.obj;
    const pod = podOfTemplated(obj, templatedKindOf(obj)!)!;
    expect(pod.metadata).toMatchObject({ generateName: 'web-meshsim-', labels: { 'rollouts-pod-template-hash': 'meshsim' }, ownerReferences: [{ kind: 'ReplicaSet', name: 'web-meshsim', controller: true }] });
    // The object itself is untouched.
    expect(obj.spec.template.metadata).toBeUndefined();
  });

  it('a Knative Service’s pod is its first revision’s, with Knative’s labels and container name', () => {
    const obj = cases[1]!.obj;
    const pod = podOfTemplated(obj, templatedKindOf(obj)!)!;
    expect(pod.metadata.labels).toEqual({
      'serving.knative.dev/service': 'hello',
      'serving.knative.dev/configuration': 'hello',
      'serving.knative.dev/revision': 'hello-00001',
      app: 'hello-00001',
      'pod-template-hash': 'meshsim',
    });
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'hello-00001-deployment-meshsim', controller: true }]);
    expect(pod.spec.containers.map((c: any) => c.name)).toEqual(['user-container']);
    expect(templatedKindOf(obj)?.notSimulated).toMatch(/queue-proxy/);
  });

  it('a named Knative revision and the user’s own app label are kept', () => {
    const obj = { apiVersion: 'serving.knative.dev/v1', kind: 'Service', metadata: { name: 'hello' }, spec: { template: { metadata: { name: 'hello-blue', labels: { app: 'mine' } }, spec: { containers } } } };
    const pod = podOfTemplated(obj, templatedKindOf(obj)!)!;
    expect(pod.metadata.name).toBeUndefined();
    expect(pod.metadata.labels).toMatchObject({ app: 'mine', 'serving.knative.dev/revision': 'hello-blue' });
    expect(pod.metadata.generateName).toBe('hello-blue-deployment-meshsim-');
  });

  it('an unknown controller’s pods are owned by the object itself', () => {
    const obj = cases[2]!.obj;
    const pod = podOfTemplated(obj, templatedKindOf(obj)!)!;
    expect(pod.metadata).toEqual({ generateName: 'c-', ownerReferences: [{ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'c', controller: true }] });
  });

  it('a Rollout that borrows a Deployment’s template says so', () => {
    const obj = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', metadata: { name: 'web' }, spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-base' } } };
    expect(templatedKindOf(obj)).toBeUndefined();
    expect(whyNoPodTemplate(obj)).toMatch(/takes its pod template from Deployment web-base \(spec.workloadRef\)/);
    expect(whyNoPodTemplate({ kind: 'Thing' })).toBeUndefined();
  });
});
