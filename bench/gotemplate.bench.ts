import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseDocument, stringify } from 'yaml';
import {
  GoInt, GoMap, GoSlice, execute, formatValue, goFunc, hostObject, parseTemplates, sprigFunctions, type FuncMap, type GoValue,
  type HostObject,
} from '../src/engine/gotemplate/index.ts';
import { measure, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * Renders Istio's `sidecar` injection template (read at run time from the shared corpus' default profile)
 * over a sample pod, and reports parse, execute and parse+execute as ratios to a bare `yaml` parse of the
 * same template text. Istio's own template functions belong to the injection engine, not to the template
 * engine, so this file registers minimal honest stand-ins (same signatures, simple bodies that do the
 * documented thing for the data used here) so that the whole template runs.
 */

const here = dirname(fileURLToPath(import.meta.url));
const profile = join(here, '../../shared/conformance/profiles/default/istio-sidecar-injector.configmap.yaml');

function loadTemplate(): { text: string; values: GoValue } {
  const cm = parse(readFileSync(profile, 'utf8'));
  const config = parse(cm.data.config);
  const values = JSON.parse(cm.data.values) as GoValue;
  return { text: config.templates.sidecar as string, values };
}

const str = (m: Record<string, string>) => new GoMap('string', { ...m });
const i32 = (n: number) => new GoInt('int32', BigInt(n));

/** A nil protobuf message pointer whose getters return nil messages / zero values, as Go's do. */
function nilMessage(goType: string, getters: Record<string, () => GoValue> = {}): HostObject {
  const methods = Object.fromEntries(Object.entries(getters).map(([k, f]) => [k, goFunc([], f)]));
  return hostObject({ goType, nil: true, methods });
}

function sampleData(values: GoValue): GoValue {
  const container = (name: string, image: string, port: number) =>
    hostObject({
      goType: 'v1.Container',
      fields: { Name: name, Image: image, Ports: new GoSlice('interface {}', [hostObject({ goType: 'v1.ContainerPort', fields: { ContainerPort: i32(port), Protocol: 'TCP', Name: 'http' } })]) },
    });
  const meta = hostObject({
    goType: 'v1.ObjectMeta',
    fields: {
      Name: 'reviews-v1-7d8f9c6b5-x2x9z',
      Namespace: 'bookinfo',
      Labels: str({ app: 'reviews', version: 'v1', 'pod-template-hash': '7d8f9c6b5' }),
      Annotations: str({ 'kubectl.kubernetes.io/default-container': 'reviews', 'prometheus.io/scrape': 'true' }),
    },
  });
  const tls = () => nilMessage('*v1alpha1.ClientTLSSettings', { GetCaCertificates: () => '' });
  const proxyConfig = hostObject({
    goType: '*v1alpha1.ProxyConfig',
    fields: {
      InterceptionMode: hostObject({ goType: 'v1alpha1.ProxyConfig_InboundInterceptionMode', underlying: () => i32(0), format: () => 'REDIRECT', methods: { String: goFunc([], () => 'REDIRECT', { result: 'string' }) } }),
      ProxyMetadata: str({}),
      HoldApplicationUntilProxyStarts: nilMessage('*wrappers.BoolValue', { GetValue: () => false }),
    },
    methods: { GetTracing: goFunc([], () => nilMessage('*v1alpha1.Tracing', { GetTlsSettings: tls })) },
  });
  const meshConfig = hostObject({ goType: '*v1alpha1.MeshConfig', fields: { ProxyListenPort: i32(15001), ProxyInboundListenPort: i32(15006), TrustDomain: 'cluster.local' } });
  return {
    TypeMeta: hostObject({ goType: 'v1.TypeMeta', fields: { Kind: 'Pod', APIVersion: 'v1' } }),
    DeploymentMeta: hostObject({ goType: 'v1.ObjectMeta', fields: { Name: 'reviews-v1', Namespace: 'bookinfo' } }),
    ObjectMeta: meta,
    Spec: hostObject({ goType: 'v1.PodSpec', fields: { Containers: new GoSlice('interface {}', [container('reviews', 'docker.io/istio/examples-bookinfo-reviews-v1:1.20.2', 9080)]), ServiceAccountName: 'bookinfo-reviews' } }),
    ProxyConfig: proxyConfig,
    MeshConfig: meshConfig,
    Values: values,
    Revision: 'default',
    NativeSidecars: false,
    ProxyImage: 'docker.io/istio/proxyv2:1.28.0',
    ProxyInitImage: 'docker.io/istio/proxyv2:1.28.0',
    ProxyUID: new GoInt('int64', 1337n),
    ProxyGID: new GoInt('int64', 1337n),
    InboundTrafficPolicyMode: 'passthrough',
    CompliancePolicy: '',
  };
}

/** Plain JS for yaml.stringify (sigs.k8s.io/yaml sorts keys). */
function toPlain(v: GoValue): unknown {
  if (v instanceof GoMap) return v.entries ? toPlain(v.entries) : null;
  if (v instanceof GoSlice) return v.items ? v.items.map(toPlain) : null;
  if (v instanceof GoInt || typeof v === 'bigint') return Number(v instanceof GoInt ? v.value : v);
  if (Array.isArray(v)) return v.map(toPlain);
  if (v && typeof v === 'object' && !('kind' in v && (v.kind === 'host' || v.kind === 'func'))) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = toPlain((v as Record<string, GoValue>)[k]);
    return out;
  }
  return v ?? null;
}

/** Minimal stand-ins for Istio's template functions (injection spec §7). */
const istioFuncs: FuncMap = {
  annotation: goFunc(['interface {}', 'string', 'interface {}'], (meta: HostObject, name: string, def: GoValue) => {
    const annos = meta.field('Annotations');
    const e = annos instanceof GoMap ? annos.entries : null;
    return e && Object.prototype.hasOwnProperty.call(e, name) ? e[name] : def === null ? '<nil>' : formatValue(def);
  }, { result: 'string' }),
  isset: goFunc(['map[string]string', 'string'], (m: GoMap, k: string) => !!m.entries && Object.prototype.hasOwnProperty.call(m.entries, k), { result: 'bool' }),
  valueOrDefault: goFunc(['interface {}', 'interface {}'], (v: GoValue, d: GoValue) => (v === null || v === '' ? d : v), { result: 'interface {}' }),
  excludeInboundPort: goFunc(['interface {}', 'string'], (port: GoValue, list: string) => {
    const p = formatValue(port).trim();
    if (p === '' || p === '0') return list;
    const parts = list.split(',');
    if (parts.includes(p)) return list;
    return [...parts.map((s) => s.trim()).filter(Boolean), p].join(',');
  }, { result: 'string' }),
  indent: goFunc(['int', 'string'], (n: bigint, s: string) => s.split('\n').join('\n' + ' '.repeat(Number(n))), { result: 'string' }),
  directory: goFunc(['string'], (p: string) => p.slice(0, p.lastIndexOf('/') + 1), { result: 'string' }),
  toLower: goFunc(['string'], (s: string) => s.toLowerCase(), { result: 'string' }),
  toYaml: goFunc(['interface {}'], (v: GoValue) => stringify(toPlain(v), { sortMapEntries: true }), { result: 'string' }),
  omitNil: goFunc(['interface {}'], (v: GoValue) => v, { result: 'interface {}' }),
  fromJSON: goFunc(['string'], (s: string) => {
    try {
      return JSON.parse(s) as GoValue;
    } catch {
      return '{}';
    }
  }, { result: 'interface {}' }),
  toJSON: goFunc(['interface {}'], (v: GoValue) => JSON.stringify(toPlain(v) ?? {}), { result: 'string' }),
  structToJSON: goFunc(['interface {}'], (v: GoValue) => JSON.stringify(toPlain(v) ?? {}), { result: 'string' }),
  protoToJSON: goFunc(['interface {}'], () => '{}', { result: 'string' }),
  otelResourceAttributes: goFunc(['interface {}', 'interface {}', 'interface {}', 'interface {}', 'interface {}'], () => '', { result: 'string' }),
  appendMultusNetwork: goFunc(['string', 'string'], (existing: string, net: string) => (existing === '' ? net : `${existing}, ${net}`), { result: 'string' }),
};

export const suite: BenchSuite = {
  name: 'gotemplate: Istio sidecar template (ratio to a bare yaml parse of the same text)',
  run(): BenchRow[] {
    const { text, values } = loadTemplate();
    const funcs = { ...sprigFunctions(), ...istioFuncs };
    const data = sampleData(values);
    const parsed = parseTemplates([['sidecar', text]], funcs);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const check = execute(parsed.set, 'sidecar', data);
    if (!check.ok) throw new Error(check.error.message);
    // GOTEMPLATE_BENCH_SHOW=1 prints the rendered sidecar so one can see it is a real render.
    if (process.env.GOTEMPLATE_BENCH_SHOW) console.error(check.output);
    // The template text is not valid YAML until rendered, so the floor is parseDocument (which collects
    // errors instead of throwing) over the same characters.
    const floor = `yaml.parseDocument of the ${text.length}-char template text`;
    const floorMs = measure(() => parseDocument(text));
    const rows: [string, () => unknown][] = [
      ['parse sidecar template', () => parseTemplates([['sidecar', text]], funcs)],
      [`execute sidecar template (${check.output.length} chars out)`, () => execute(parsed.set, 'sidecar', data)],
      ['parse + execute', () => {
        const p = parseTemplates([['sidecar', text]], funcs);
        if (p.ok) execute(p.set, 'sidecar', data);
      }],
    ];
    return [
      { what: 'floor: yaml.parseDocument(template text)', ms: floorMs, ratio: 1, floor },
      ...rows.map(([what, fn]) => {
        const ms = measure(fn);
        return { what, ms, ratio: ms / floorMs, floor };
      }),
    ];
  },
};
