import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { detectRelease } from './detect.ts';
import { detectionInputOf, imageTag, istioImagesOf } from './fromPaste.ts';
import { formatRelease } from './version.ts';

const configMap = (values: unknown, sidecar?: string, labels?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'istio-sidecar-injector', namespace: 'istio-system', ...(labels ? { labels } : {}) },
  data: { values: JSON.stringify(values), config: sidecar === undefined ? 'policy: enabled\n' : `templates:\n  sidecar: ${JSON.stringify(sidecar)}\n` },
});
const detect = (cm: Record<string, any> | undefined, images: { image: string; what: string }[] = []) =>
  detectRelease(detectionInputOf(cm ? { configMap: cm } : undefined, images));

describe('detectRelease', () => {
  it('reads global.tag first, whatever it carries after the version', () => {
    const d = detect(configMap({ global: { tag: '1.24.3-distroless' } }));
    expect(formatRelease(d.release)).toBe('1.24.3');
    expect(d.basis).toBe('version');
    expect(d.summary).toMatch(/Istio 1\.24\.3, read from global\.tag in istio-sidecar-injector/);
  });

  it('says master, and that it could not tell, when nothing speaks', () => {
    const d = detect(undefined);
    expect(d.release).toEqual({ kind: 'master' });
    expect(d.basis).toBe('none');
    expect(d.summary).toMatch(/simulating master/);
  });

  it('a development tag means master unless the shape says otherwise', () => {
    expect(detect(configMap({ global: { tag: '1.31-alpha.abc' } })).release).toEqual({ kind: 'master' });
    const old = detect(configMap({ global: { tag: 'latest' }, istio_cni: {}, gateways: {} }, '--outlierLogPath env "ENABLE_NATIVE_SIDECARS"'));
    expect(formatRelease(old.release)).toBe('1.23');
    expect(old.conflicts.join(' ')).toMatch(/development tag/);
  });

  it('narrows by fingerprints and keeps what a patch range leaves open as assumed', () => {
    const d = detect(configMap({ global: { proxy_init: { forceApplyIptables: false } } }, '--outlierLogPath --force-apply isset .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar` env "ENABLE_NATIVE_SIDECARS"'));
    expect(formatRelease(d.release)).toBe('1.24');
    expect(d.basis).toBe('fingerprints');
    expect(d.assumed.join(' ')).toMatch(/Multus/);
    expect(d.evidence.map((e) => e.says)).toContain('not 1.25+');
  });

  it('trusts a version string over edited templates, and says so', () => {
    const d = detect(configMap({ global: { tag: '1.24.2' } }, '--outlierLogPath --force-apply istio.io/reroute-virtual-interfaces'));
    expect(formatRelease(d.release)).toBe('1.24.2');
    expect(d.conflicts.join(' ')).toMatch(/says 1\.24\.2, but the templates and values look like 1\.25/);
  });

  it('reads chart labels and image tags when values have no tag', () => {
    expect(formatRelease(detect(configMap({}, undefined, { 'app.kubernetes.io/version': '1.26.1' })).release)).toBe('1.26.1');
    const images = istioImagesOf('Pod', 'web', { containers: [{ name: 'app', image: 'nginx:1.27' }, { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.25.2' }] });
    expect(formatRelease(detect(undefined, images).release)).toBe('1.25.2');
  });

  it('ignores versions older than it simulates, with the reason', () => {
    const d = detect(configMap({}, undefined, { 'app.kubernetes.io/version': '1.0.0' }));
    expect(d.release).toEqual({ kind: 'master' });
    expect(d.evidence[0].says).toMatch(/older than 1\.22\.0/);
  });

  it('imageTag', () => {
    expect(imageTag('docker.io/istio/proxyv2:1.24.3')).toBe('1.24.3');
    expect(imageTag('localhost:5000/istio/proxyv2')).toBeUndefined();
    expect(imageTag('proxyv2:1.24.3@sha256:abc')).toBe('1.24.3');
  });
});

// The charts' own renders: each release's default profile must be read as that release's minor
// (their global.tag is the test harness' "latest", so the shape alone must tell).
const SHARED = fileURLToPath(new URL('../../../../shared/', import.meta.url));
const profiles: [string, string][] = [];
if (existsSync(`${SHARED}conformance/profiles/default`)) profiles.push(['master', `${SHARED}conformance/profiles/default`]);
if (existsSync(`${SHARED}conformance-releases`)) {
  for (const r of readdirSync(`${SHARED}conformance-releases`)) {
    const dir = `${SHARED}conformance-releases/${r}/profiles/default`;
    if (existsSync(dir)) profiles.push([r, dir]);
  }
}
if (!profiles.length) console.warn('SKIPPING release detection on the corpus profiles: ../shared is absent');

describe.skipIf(!profiles.length)('detection on chart-rendered installs', () => {
  it.each(profiles)('%s', (name, dir) => {
    const cm = parse(readFileSync(`${dir}/istio-sidecar-injector.configmap.yaml`, 'utf8'));
    const d = detect(cm);
    const got = d.release.kind === 'master' ? 'master' : `1.${d.release.minor}`;
    expect(got, d.summary).toBe(name === 'master' ? 'master' : name.split('.').slice(0, 2).join('.'));
  });
});
