import { afterAll, describe, expect, it } from 'vitest';
import { analyzeScenario, type ScenarioInput } from '../engine/index.ts';
import { createProbe } from './support/probe.ts';
import { defaultScenarioTexts } from './support/defaultScenario.ts';
import { injectorConfigMap } from './support/injectorConfigMap.ts';
import { crashDiagnostics, isPlainData } from './support/structured.ts';

// The hostile inputs too big to generate by the thousand: each is fed once, at full size, through
// the whole scenario. They are fuzzing's far corners, named so a regression says which one.
const probe = createProbe('giants', 30_000);
afterAll(() => probe.write());

const base = defaultScenarioTexts();

function bomb(levels: number, fan: number): string {
  const lines = ['a0: &a0 [lol, lol]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: fan }, () => `*a${i - 1}`).join(', ')}]`);
  return lines.join('\n');
}
const podWith = (annotations: Record<string, string>) =>
  base.workloads.replace('      labels:\n        app: reviews', `      annotations:\n${Object.entries(annotations).map(([k, v]) => `        ${k}: "${v}"`).join('\n')}\n      labels:\n        app: reviews`);
const ports = (n: number) => Array.from({ length: n }, (_, i) => (i % 65535) + 1).join(',');
const cidrs = (n: number) => Array.from({ length: n }, (_, i) => `10.${(i >> 8) & 255}.${i & 255}.0/24`).join(',');

const giants: Record<string, ScenarioInput['texts']> = {
  'alias bomb (10^20 nodes if expanded) in every tab': Object.fromEntries(Object.keys(base).map((k) => [k, bomb(20, 10)])),
  'alias bomb inside a Pod': { ...base, workloads: `apiVersion: v1\nkind: Pod\nmetadata:\n  name: bomb\n  namespace: bookinfo\n  annotations:\n${bomb(15, 8).split('\n').map((l) => `    ${l}`).join('\n')}\nspec:\n  containers: [{name: c, image: x, args: *a15}]\n` },
  'flow nesting 20,000 deep': { ...base, workloads: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  'unclosed flow nesting 50,000 deep': { ...base, namespaces: '{a: '.repeat(50_000) },
  'block nesting 2,000 deep': { ...base, mesh: Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') },
  '40 Pods in one stream': { ...base, workloads: Array.from({ length: 40 }, (_, i) => `kind: Pod\nmetadata: {name: p${i}, namespace: bookinfo}\nspec: {containers: [{name: c, image: x}]}`).join('\n---\n') },
  '50,000 empty documents': { ...base, webhooks: '---\n'.repeat(50_000) },
  'a 2 MB label value': { ...base, namespaces: `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n  labels:\n    istio-injection: "${'x'.repeat(2_000_000)}"\n` },
  '1,000 labels on a namespace': { ...base, namespaces: `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n  labels:\n    istio-injection: enabled\n${Array.from({ length: 1000 }, (_, i) => `    k${i}: v${i}`).join('\n')}\n` },
  '1,000 webhooks': { ...base, webhooks: `apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata: {name: many}\nwebhooks:\n${Array.from({ length: 1000 }, (_, i) => `- name: w${i}.sidecar-injector.istio.io\n  clientConfig: {service: {name: istiod, namespace: istio-system, path: /inject}}\n  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]\n  namespaceSelector: {matchLabels: {istio-injection: enabled}}`).join('\n')}\n` },
  'a selector with 20,000 values': { ...base, webhooks: base.webhooks.replace('values: [enabled]', `values: [${Array.from({ length: 20_000 }, (_, i) => `v${i}`).join(', ')}, enabled]`) },
  'a CEL matchCondition nested 5,000 deep': { ...base, webhooks: base.webhooks.replace('  namespaceSelector:', `  matchConditions:\n  - name: deep\n    expression: "${'('.repeat(5000)}true${')'.repeat(5000)}"\n  namespaceSelector:`) },
  '60,000 inbound ports in an annotation': { ...base, workloads: podWith({ 'traffic.sidecar.istio.io/includeInboundPorts': ports(60_000) }) },
  '60,000 excluded outbound ports in an annotation': { ...base, workloads: podWith({ 'traffic.sidecar.istio.io/excludeOutboundPorts': ports(60_000) }) },
  '30,000 CIDRs in an annotation': { ...base, workloads: podWith({ 'traffic.sidecar.istio.io/includeOutboundIPRanges': cidrs(30_000), 'traffic.sidecar.istio.io/excludeOutboundIPRanges': cidrs(30_000) }) },
  '1,000 container ports': { ...base, workloads: base.workloads.replace('        - containerPort: 9080', Array.from({ length: 1000 }, (_, i) => `        - containerPort: ${i + 1}`).join('\n')) },
  'a sidecar template whose range runs into the step budget': { ...base, injector: injectorConfigMap('{{ range $i := until 1000000 }}{{ range $j := until 1000000 }}x{{ end }}{{ end }}') },
  'a sidecar template that recurses forever': { ...base, injector: injectorConfigMap('{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}') },
  'a sidecar template that doubles a string until the output budget': { ...base, injector: injectorConfigMap('{{ $s := "ab" }}{{ range $i := until 100 }}{{ $s = print $s $s }}{{ end }}{{ $s }}') },
  'a sidecar template nested 5,000 ifs deep': { ...base, injector: injectorConfigMap(`${'{{ if 1 }}'.repeat(5000)}x${'{{ end }}'.repeat(5000)}`) },
};

describe('giant hostile scenarios', () => {
  for (const [name, texts] of Object.entries(giants)) {
    it(`survives ${name}`, () => {
      const result = probe.time(name, () => analyzeScenario({ texts }));
      expect(isPlainData(result)).toBe(true);
      expect(crashDiagnostics(result.diagnostics)).toEqual([]);
    });
  }
});
