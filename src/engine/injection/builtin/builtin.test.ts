import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { discoverCases, readCaseFile } from '../../../conformance/corpus.ts';
import { caseInstall } from '../../../conformance/kinds/inject.ts';
import { decodeKubeYaml, typedRoundTrip, type JsonValue } from '../../kube/index.ts';
import { defaultEngine } from '../defaultEngine.ts';
import { prepareRender, type InjectPodParams } from '../injectPod.ts';
import { builtinInstall } from './index.ts';
import { builtinValues } from './defaultValues.ts';

const CORPUS = '../shared/conformance';
const present = existsSync(`${CORPUS}/inject`);
if (!present) console.warn(`SKIPPED: ${CORPUS} is absent, the built-in template is not checked against Istio's`);

/** The pod templates of a workload stream (Deployments, Pods, Lists...). */
function podsOf(text: string): { pod: Record<string, any>; kind: string; apiVersion: string; name: string; namespace: string }[] {
  const out: ReturnType<typeof podsOf> = [];
  const visit = (o: any) => {
    if (!o || typeof o !== 'object') return;
    if (o.kind === 'List') return (o.items ?? []).forEach(visit);
    const t = o.kind === 'Pod' ? o : o.kind === 'CronJob' ? { metadata: o.spec?.jobTemplate?.metadata, spec: o.spec?.jobTemplate?.spec?.template?.spec } : o.spec?.template;
    if (!t?.spec?.containers) return;
    out.push({ pod: { metadata: t.metadata ?? {}, spec: t.spec }, kind: o.kind, apiVersion: o.apiVersion, name: o.metadata?.name ?? '', namespace: o.metadata?.namespace ?? '' });
  };
  for (const d of decodeKubeYaml(text).documents) visit(d.value);
  return out;
}

function renderPod(name: string, text: string, params: InjectPodParams): unknown {
  const original = defaultEngine.roundTripPod(structuredClone(params.pod));
  const { data, funcs } = prepareRender(params, original, defaultEngine);
  const r = defaultEngine.render(name, text, data, funcs);
  if ('error' in r) return { error: r.error };
  const parsed = defaultEngine.parseYaml(r.output);
  if ('error' in parsed) return { error: parsed.error };
  return typedRoundTrip('Pod', parsed.value as JsonValue).value;
}

describe.skipIf(!present)('the built-in templates render what Istio\'s do', () => {
  const ours = builtinInstall().config.templates;
  const cases = present ? discoverCases([CORPUS], ['inject']).filter((c) => c.spec.profile === 'default') : [];
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const install = caseInstall(c);
    for (const w of podsOf(readCaseFile(c, c.spec.input))) {
      for (const native of [true, false]) {
        const params: InjectPodParams = {
          pod: w.pod,
          workload: { kind: w.kind, apiVersion: w.apiVersion, name: w.name, namespace: w.namespace },
          install,
          kubeInject: true,
          revision: '',
          nativeSidecars: native,
          proxyUID: 1337,
          proxyGID: 1337,
          istiodEnv: { COMPLIANCE_POLICY: 'fips-140-3' },
          webhookPath: '',
          injectedAnnotations: {},
          defaultTemplates: ['sidecar'],
        };
        for (const [name, text] of Object.entries(ours)) {
          // A case that replaces one of these templates tests the user's template, not ours.
          if (c.spec.install?.injector?.templates?.[name]) continue;
          const istio = renderPod(name, install.config.templates[name], params) as Record<string, any>;
          expect(istio.error).toBeUndefined();
          expect(istio.spec?.containers?.length ?? istio.spec?.initContainers?.length).toBeGreaterThan(0);
          expect([name, renderPod(name, text, params)]).toEqual([name, istio]);
        }
      }
    }
  });

  it('the built-in values are the default profile\'s, hub and tag aside', () => {
    const profile = caseInstall(discoverCases([CORPUS], ['inject']).find((c) => c.name === 'hello')!).values as Record<string, any>;
    const ours = builtinInstall().values as Record<string, any>;
    const read = (v: Record<string, any>, path: string) => path.split('.').reduce((o, k) => o?.[k], v);
    const leaves = (v: unknown, prefix = ''): string[] =>
      v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length
        ? Object.entries(v).flatMap(([k, x]) => leaves(x, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    for (const path of leaves(builtinValues())) {
      if (path === 'global.hub' || path === 'global.tag') continue;
      expect([path, read(ours, path)]).toEqual([path, read(profile, path)]);
    }
  });
});
