import { describe, expect, it } from 'vitest';
import { builtinInstall } from './builtin/index.ts';
import { defaultEngine } from './defaultEngine.ts';
import { kubeInjectStream, type KubeInjectSettings } from './kubeInject.ts';

const settings = (over: Partial<KubeInjectSettings> = {}): KubeInjectSettings => ({
  install: builtinInstall(),
  revision: '',
  nativeSidecars: true,
  proxyUID: 1337,
  proxyGID: 1337,
  istiodEnv: {},
  webhookPath: '',
  injectedAnnotations: {},
  defaultTemplates: ['sidecar'],
  ...over,
});

const deployment = (annotations: Record<string, string> = {}, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
  namespace: shop
spec:
  selector: {matchLabels: {app: app}}
  template:
    metadata:
      labels: {app: app}
      annotations: ${JSON.stringify(annotations)}
    spec:
${extra}      containers:
      - name: app
        image: example/app:1
        ports: [{containerPort: 8080, name: http}]
        readinessProbe: {httpGet: {port: http, path: /ready}}
`;

const run = (text: string, over?: Partial<KubeInjectSettings>) => kubeInjectStream(text, settings(over), defaultEngine);

describe('kube-inject over a stream', () => {
  it('copies documents it cannot inject verbatim, each followed by ---', () => {
    const service = 'kind: Service\napiVersion: v1\nmetadata: {name: s}   # kept as written\n';
    expect(run(service).output).toBe(`${service}---\n`);
  });

  it('injects a Deployment: native proxy, probe rewrite, status annotation', () => {
    const r = run(deployment());
    expect(r.error).toBeUndefined();
    expect(r.output).toContain('restartPolicy: Always');
    expect(r.output).toContain('path: /app-health/app/readyz');
    expect(r.output).toContain(`value: '{"/app-health/app/readyz":{"httpGet":{"path":"/ready","port":8080}}}'`);
    expect(r.output).toContain('kubernetes://apis/apps/v1/namespaces/shop/deployments/app');
  });

  it('is idempotent: injecting its own output again changes nothing', () => {
    const once = run(deployment()).output!;
    expect(run(once).output).toBe(once);
  });

  it('skips host-network pods and pods that opt out, with istioctl\'s warnings', () => {
    const host = run(deployment({}, '      hostNetwork: true\n'));
    expect(host.warnings).toEqual(['===> Skipping injection because Deployment "shop/app" has host networking enabled\n']);
    const off = run(deployment({ 'sidecar.istio.io/inject': 'false' }));
    expect(off.warnings[0]).toContain('has sidecar injection disabled');
    expect(off.output).not.toContain('istio-proxy');
  });

  it('fails with istiod\'s words on a bad annotation or an unknown template', () => {
    expect(run(deployment({ 'traffic.sidecar.istio.io/excludeInboundPorts': '*' })).error).toMatch(/invalid value '\*' for annotation 'traffic.sidecar.istio.io\/excludeInboundPorts'/);
    expect(run(deployment({ 'inject.istio.io/templates': 'nope' })).error).toContain('requested template "nope" not found; have gateway, grpc-agent, grpc-simple, sidecar');
  });

  it('runs a template list in order, merging repeated templates into one proxy', () => {
    const r = run(deployment({ 'inject.istio.io/templates': 'sidecar,sidecar' }));
    expect(r.error).toBeUndefined();
    expect(r.output!.match(/name: istio-proxy/g)).toHaveLength(1);
  });

  it('re-applies a legacy proxy onto the native one when re-injecting with native sidecars', () => {
    const legacy = run(deployment(), { nativeSidecars: false }).output!.replace('- --proxyLogLevel=warning', '- --proxyLogLevel=debug');
    const again = run(legacy).output!;
    expect(again).toContain('--proxyLogLevel=debug');
    expect(again).toContain('restartPolicy: Always');
    expect(again.match(/name: istio-proxy/g)).toHaveLength(1);
  });

  it('keeps a user istio-proxy\'s settings and records them for re-injection', () => {
    const user = deployment({}, '').replace('      containers:\n', '      containers:\n      - name: istio-proxy\n        image: auto\n        args: [custom]\n');
    const r = run(user);
    expect(r.output).toContain(`proxy.istio.io/overrides: '{"initContainers":[{"name":"istio-proxy","args":["custom"],"resources":{}}]}'`);
    expect(r.output).toContain('- custom');
  });
});
