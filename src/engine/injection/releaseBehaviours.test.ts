/**
 * What each release does differently on the injection side (src/engine/releases, releases.md §2,
 * §4–§8), each checked on the smallest input that shows it.
 */
import { describe, expect, it } from 'vitest';
import { behaviourOf, MASTER_BEHAVIOUR, parseRelease } from '../releases/index.ts';
import { builtinInstall } from './builtin/index.ts';
import { defaultEngine } from './defaultEngine.ts';
import { buildInstall, type InjectionInstall } from './install.ts';
import { kubeInjectStream, type KubeInjectSettings } from './kubeInject.ts';
import { webhookInject, type ClusterContext } from './webhookInject.ts';

const at = (text: string) => behaviourOf(parseRelease(text).release!);

const settings = (release = MASTER_BEHAVIOUR, install: InjectionInstall = builtinInstall(), over: Partial<KubeInjectSettings> = {}): KubeInjectSettings => ({
  install,
  revision: '',
  nativeSidecars: false,
  proxyUID: 1337,
  proxyGID: 1337,
  istiodEnv: {},
  webhookPath: '',
  injectedAnnotations: {},
  defaultTemplates: ['sidecar'],
  release,
  ...over,
});

const context = (release = MASTER_BEHAVIOUR, over: Partial<ClusterContext> = {}): ClusterContext => ({
  nativeSidecars: false, platform: '', namespace: null, istiodEnv: {}, proxyConfigs: [], revision: 'default', webhookPath: '/inject', release, ...over,
});

/** An install whose sidecar template is `template` (values and mesh as Istio's defaults). */
const installWith = (template: string, values: Record<string, unknown> = {}) =>
  buildInstall({ config: { policy: 'enabled', templates: { sidecar: template } }, values: { global: { proxy: {} }, ...values }, mesh: {} }).install;

const cronJob = (apiVersion: string) => `apiVersion: ${apiVersion}
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 1 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: job
            image: busybox
`;

describe('kube-inject serialisation by release', () => {
  it('≤1.27 writes creationTimestamp: null in every metadata; 1.28+ omits it', () => {
    const old = kubeInjectStream(cronJob('batch/v1'), settings(at('1.27.3')), defaultEngine).output!;
    expect(old.match(/creationTimestamp: null/g)).toHaveLength(3);
    expect(old).toMatch(/^metadata:\n {2}creationTimestamp: null\n {2}name: nightly$/m);
    const now = kubeInjectStream(cronJob('batch/v1'), settings(at('1.28.0')), defaultEngine).output!;
    expect(now).not.toContain('creationTimestamp');
    expect(now).toContain('metadata: {}');
  });

  it('a document of a kind kube-inject does not know never gets it', () => {
    const svc = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n';
    expect(kubeInjectStream(svc, settings(at('1.24.0')), defaultEngine).output).toBe(`${svc}---\n`);
  });
});

describe('kube-inject finds the kind by Kind alone (every release)', () => {
  it.each(['1.22.0', '1.26', 'master'])('%s injects a batch/v2alpha1 CronJob and keeps its apiVersion', (r) => {
    const out = kubeInjectStream(cronJob('batch/v2alpha1'), settings(at(r)), defaultEngine);
    expect(out.error).toBeUndefined();
    expect(out.output).toMatch(/^apiVersion: batch\/v2alpha1$/m);
    expect(out.output).toContain('name: istio-proxy');
    expect(out.output).toContain('kubernetes://apis/batch/v2alpha1/namespaces/default/cronjobs/nightly');
  });
});

describe('HTTPS probes (every release)', () => {
  const pod = (scheme?: string) => ({
    metadata: { name: 'p', namespace: 'ns' },
    spec: { containers: [{ name: 'app', image: 'a', readinessProbe: { httpGet: { port: 8443, path: '/r', ...(scheme ? { scheme } : {}) } } }] },
  });
  it.each([['HTTPS', 'HTTP'], ['HTTP', 'HTTP'], [undefined, undefined]])('scheme %s becomes %s; the prober keeps the original', (scheme, want) => {
    const r = webhookInject(pod(scheme), 'ns', builtinInstall(), context(at('1.24.0')), defaultEngine);
    const app = r.after!.spec.containers.find((c: any) => c.name === 'app');
    expect(app.readinessProbe.httpGet.scheme).toBe(want);
    const probers = r.after!.spec.containers.find((c: any) => c.name === 'istio-proxy').env.find((e: any) => e.name === 'ISTIO_KUBE_APP_PROBERS');
    expect(JSON.parse(probers.value)['/app-health/app/readyz'].httpGet.scheme).toBe(scheme);
  });
});

describe('template functions and data by release', () => {
  const multus = installWith('metadata:\n  annotations:\n    k8s.v1.cni.cncf.io/networks: {{ appendMultusNetwork (index .ObjectMeta.Annotations `k8s.v1.cni.cncf.io/networks`) `default/istio-cni` | quote }}\n');
  const podWith = (networks: string) => ({ metadata: { name: 'p', namespace: 'ns', annotations: { 'k8s.v1.cni.cncf.io/networks': networks } }, spec: { containers: [{ name: 'app', image: 'a' }] } });
  const networksAt = (r: string, existing: string) => webhookInject(podWith(existing), 'ns', multus, context(at(r)), defaultEngine).after!.metadata.annotations['k8s.v1.cni.cncf.io/networks'];
  it.each([
    ['1.24.3', '[{"name": "alt"}]', '[{"name": "alt"}, {"name": "default/istio-cni"}]'],
    ['1.24.4', '[{"name": "alt"}]', '[{"name": "alt"}, {"name": "istio-cni", "namespace": "default"}]'],
    ['1.25.0', '[{"name": "istio-cni", "namespace": "default"}]', '[{"name": "istio-cni", "namespace": "default"}, {"name": "default/istio-cni"}]'],
    ['1.25.1', '[{"name": "istio-cni", "namespace": "default"}]', '[{"name": "istio-cni", "namespace": "default"}]'],
    ['1.22.0', 'alt', 'alt, default/istio-cni'],
  ])('appendMultusNetwork in %s', (r, existing, want) => expect(networksAt(r, existing)).toBe(want));

  it('a function the release lacks fails the template, as istiod fails to load it', () => {
    const install = installWith('{{ $v := omitNil .Values }}');
    const pod = { metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'a' }] } };
    expect(webhookInject(pod, 'ns', install, context(at('1.28.5')), defaultEngine).error).toMatch(/function "omitNil" not defined/);
    expect(webhookInject(pod, 'ns', install, context(at('1.28.6')), defaultEngine).allowed).toBe(true);
    const sha = installWith('{{ $v := sha512sum "x" }}');
    expect(webhookInject(pod, 'ns', sha, context(at('1.23.6')), defaultEngine).error).toMatch(/function "sha512sum" not defined/);
    expect(webhookInject(pod, 'ns', sha, context(at('1.24.0')), defaultEngine).allowed).toBe(true);
  });

  it('.NativeSidecars exists from 1.27, .ProxyInitImage on master only', () => {
    const pod = { metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'a' }] } };
    const native = installWith('metadata:\n  labels:\n    native: "{{ .NativeSidecars }}"\n');
    expect(webhookInject(pod, 'ns', native, context(at('1.26')), defaultEngine).error).toMatch(/can't evaluate field NativeSidecars/);
    expect(webhookInject(pod, 'ns', native, context(at('1.27.0')), defaultEngine).after!.metadata.labels.native).toBe('false');
    const init = installWith('metadata:\n  labels:\n    native: "{{ .ProxyInitImage }}"\n');
    expect(webhookInject(pod, 'ns', init, context(at('1.30')), defaultEngine).error).toMatch(/can't evaluate field ProxyInitImage/);
  });

  it('meshsim\'s built-in (master) templates still render for an older release', () => {
    const pod = { metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'a' }] } };
    expect(webhookInject(pod, 'ns', builtinInstall(), context(at('1.22.0')), defaultEngine).allowed).toBe(true);
  });
});

describe('native sidecars by release', () => {
  // As the charts of 1.22–1.23 and 1.24–1.26 write it (the template decides where istio-proxy goes).
  const envOnly = installWith('spec:\n  {{ if eq (env "ENABLE_NATIVE_SIDECARS" "false") "true" }}initContainers{{ else }}containers{{ end }}:\n  - name: istio-proxy\n    image: proxy\n');
  const withAnnotation = installWith('spec:\n  {{ if or (eq (index .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar`) "true") (and (not (isset .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar`)) (eq (env "ENABLE_NATIVE_SIDECARS" "false") "true")) }}initContainers{{ else }}containers{{ end }}:\n  - name: istio-proxy\n    image: proxy\n');
  /** A pod that declares its own istio-proxy in `containers` (istiod moves it when the decision is native). */
  const pod = (annotation?: string) => ({
    metadata: { name: 'p', namespace: 'ns', ...(annotation ? { annotations: { 'sidecar.istio.io/nativeSidecar': annotation } } : {}) },
    spec: { containers: [{ name: 'app', image: 'a' }, { name: 'istio-proxy', image: 'auto', env: [{ name: 'USER', value: 'mine' }] }] },
  });
  const where = (install: InjectionInstall, r: string, annotation: string | undefined, over: Partial<ClusterContext>) => {
    const after = webhookInject(pod(annotation), 'ns', install, context(at(r), over), defaultEngine).after!;
    const inInit = (after.spec.initContainers ?? []).filter((c: any) => c.name === 'istio-proxy').length;
    const inMain = (after.spec.containers ?? []).filter((c: any) => c.name === 'istio-proxy').length;
    return `${inInit} init, ${inMain} main`;
  };
  it('1.22–1.23: only ENABLE_NATIVE_SIDECARS counts, the annotation is not read', () => {
    expect(where(envOnly, '1.23', 'true', {})).toBe('0 init, 1 main');
    expect(where(envOnly, '1.23', undefined, { istiodEnv: { ENABLE_NATIVE_SIDECARS: 'true' } })).toBe('1 init, 0 main');
  });
  it('1.24–1.26: the annotation wins, the user proxy follows the template into the init containers', () => {
    expect(where(withAnnotation, '1.24', 'true', {})).toBe('1 init, 0 main');
    expect(where(withAnnotation, '1.24', 'false', { istiodEnv: { ENABLE_NATIVE_SIDECARS: 'true' } })).toBe('0 init, 1 main');
  });
  it('before 1.27 the cluster-level switch is istiod\'s ENABLE_NATIVE_SIDECARS, unless the env says otherwise', () => {
    expect(where(envOnly, '1.25', undefined, { nativeSidecars: true })).toBe('1 init, 0 main');
    expect(where(envOnly, '1.25', undefined, { nativeSidecars: true, istiodEnv: { ENABLE_NATIVE_SIDECARS: 'false' } })).toBe('0 init, 1 main');
  });
});

describe('inject/skip decision by release', () => {
  const kubePod = (value: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    sidecar.istio.io/inject: "${value}"\nspec:\n  containers:\n  - name: app\n    image: a\n`;
  it.each([
    ['1.26', 'no', false], ['1.26', 'bogus', false], ['1.26', 'YES', true],
    ['1.27', 'no', true], ['1.27', 'bogus', true], ['1.27', 'false', false],
  ])('%s reads sidecar.istio.io/inject=%s as inject=%s', (r, value, inject) => {
    const viaWebhook = webhookInject({ metadata: { name: 'p', namespace: 'ns', labels: { 'sidecar.istio.io/inject': value } }, spec: { containers: [{ name: 'app', image: 'a' }] } }, 'ns', builtinInstall(), context(at(r)), defaultEngine);
    expect(viaWebhook.skipped === undefined).toBe(inject);
    expect(kubeInjectStream(kubePod(value), settings(at(r)), defaultEngine).output!.includes('istio-proxy')).toBe(inject);
  });
});

describe('annotation validation by release', () => {
  const pod = (annotations: Record<string, string>) => ({ metadata: { name: 'p', namespace: 'ns', annotations }, spec: { containers: [{ name: 'app', image: 'a' }] } });
  const plain = installWith('metadata:\n  labels:\n    injected: "yes"\n');
  const rejects = (r: string, annotations: Record<string, string>) => /invalid value/.test(webhookInject(pod(annotations), 'ns', plain, context(at(r)), defaultEngine).error ?? '');
  it.each([
    ['1.24', { 'sidecar.istio.io/enableCoreDump': 'maybe' }, true],
    ['1.25', { 'sidecar.istio.io/enableCoreDump': 'maybe' }, false],
    ['1.28.3', { 'sidecar.istio.io/proxyCPU': 'lots' }, false],
    ['1.28.4', { 'sidecar.istio.io/proxyCPU': 'lots' }, true],
    ['1.29', { 'traffic.sidecar.istio.io/excludeInterfaces': '0bad' }, false],
    ['1.30', { 'traffic.sidecar.istio.io/excludeInterfaces': '0bad' }, true],
  ])('%s rejects %j: %s', (r, a, want) => expect(rejects(r, a)).toBe(want));
});

describe('post-processing by release', () => {
  it('lifecycle hooks go through the agent from 1.25', () => {
    const pod = { metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'a', lifecycle: { preStop: { httpGet: { port: 8080, path: '/stop' } } } }] } };
    const hook = (r: string) => webhookInject(pod, 'ns', builtinInstall(), context(at(r)), defaultEngine).after!.spec.containers.find((c: any) => c.name === 'app').lifecycle.preStop.httpGet;
    expect(hook('1.24')).toEqual({ path: '/stop', port: 8080 });
    expect(hook('1.25')).toEqual({ path: '/app-lifecycle/app/prestopz', port: 15020 });
  });

  it('prometheus.istio.io/scrape-targets is read on master only', () => {
    const pod = { metadata: { name: 'p', namespace: 'ns', annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '15020x', 'prometheus.istio.io/scrape-targets': '9090' } }, spec: { containers: [{ name: 'app', image: 'a' }] } };
    expect(webhookInject(pod, 'ns', builtinInstall(), context(at('master')), defaultEngine).after!.metadata.annotations['prometheus.istio.io/scrape-targets']).toBeUndefined();
    const old = webhookInject(pod, 'ns', builtinInstall(), context(at('1.30')), defaultEngine).after!;
    expect(old.metadata.annotations['prometheus.istio.io/scrape-targets']).toBe('9090');
  });

  it('1.23+ rejects a pod when the values cannot be read; 1.22 renders without them', () => {
    const install = { ...installWith('metadata:\n  labels:\n    hub: "{{ .Values.global.hub }}"\n'), valuesUnreadable: true, values: {} };
    const pod = { metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'a' }] } };
    expect(webhookInject(pod, 'ns', install, context(at('1.23')), defaultEngine).error).toBe('failed to parse values.yaml; check Istiod logs for errors');
    expect(webhookInject(pod, 'ns', install, context(at('1.22.8')), defaultEngine).after!.metadata.labels.hub).toBe('<no value>');
  });
});

describe('OpenShift user reset by release', () => {
  const pod = () => ({
    metadata: { name: 'p', namespace: 'ns' },
    spec: {
      containers: [{ name: 'app', image: 'a' }, { name: 'istio-proxy', image: 'auto', securityContext: { runAsUser: 1000 } }],
      initContainers: [{ name: 'setup', image: 'b', securityContext: { runAsUser: 1000 } }],
    },
  });
  const ns = { metadata: { name: 'ns', annotations: { 'openshift.io/sa.scc.uid-range': '1000/10' } } };
  const proxyUser = (r: string) => webhookInject(pod(), 'ns', builtinInstall(), context(at(r), { platform: 'openshift', namespace: ns }), defaultEngine)
    .after!.spec.containers.find((c: any) => c.name === 'istio-proxy').securityContext.runAsUser;
  it('1.23.1–1.26 compare with containers only, 1.27+ with init containers too', () => {
    expect(proxyUser('1.26')).toBe(1000); // the app container sets no user: 1000 ≠ 0, kept
    expect(proxyUser('1.27')).not.toBe(1000); // the init container's 1000 matches: reset to the injected user
  });
});
