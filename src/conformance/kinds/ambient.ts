import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml, stringify } from 'yaml';
import { analyzeAdmission } from '../../engine/admission/index.ts';
import { decideAmbient, readAmbientNamespace, readAmbientPod, resolveCniSettings, splitExcludeNamespaces, type AmbientDecision, type AmbientEvent, type IstioCniSettings } from '../../engine/ambient/index.ts';
import { readScenarioDocuments } from '../../engine/documents/index.ts';
import { analyzeInjection } from '../../engine/scenario/index.ts';
import type { CorpusCase, KindChecker } from '../types.ts';

/**
 * The case's istio-cni settings, read the way the node agent reads them: through the
 * `istio-cni-config` ConfigMap (AMBIENT_ENABLED, AMBIENT_ENABLEMENT_SELECTOR, EXCLUDE_NAMESPACES).
 * The plugin's `exclude_namespaces` list form is taken as a list, unsplit.
 */
function caseSettings(cni: any): { settings: IstioCniSettings; errors: string[] } {
  const data: Record<string, string> = {
    AMBIENT_ENABLED: String(cni?.ambientEnabled === true),
    AMBIENT_ENABLEMENT_SELECTOR: JSON.stringify(cni?.enablementSelectors ?? []),
  };
  if (typeof cni?.excludeNamespacesEnv === 'string') data.EXCLUDE_NAMESPACES = cni.excludeNamespacesEnv;
  const resolved = resolveCniSettings({
    configMap: { value: { kind: 'ConfigMap', metadata: { name: 'istio-cni-config' }, data } },
    ...(Array.isArray(cni?.excludeNamespaces) ? { switches: { excludeNamespaces: cni.excludeNamespaces.map(String) } } : {}),
  });
  const settings = { ...resolved.settings, podNamespace: String(cni?.podNamespace ?? '') };
  if (typeof cni?.excludeNamespacesEnv === 'string' && !isDeepStrictEqual(settings.excludeNamespaces, splitExcludeNamespaces(cni.excludeNamespacesEnv))) {
    return { settings, errors: ['EXCLUDE_NAMESPACES was not read as split'] };
  }
  return { settings, errors: resolved.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message) };
}

interface SidecarInjection {
  inject: boolean;
  webhooks: string[];
  reason: string;
  /** The pod as it reaches istio-cni: istiod's patched pod when injected. */
  pod: Record<string, any>;
  errors: string[];
}

/** The pod as submitted, through the profile's webhooks and istiod, as `webhook/` and `policy/` run it. */
function admit(c: CorpusCase, pod: Record<string, any>): SidecarInjection {
  const { profile, ignoredNamespaces } = c.spec.admission;
  const dir = join(c.dir, '..', '..', 'profiles', String(profile));
  const index = parseYaml(readFileSync(join(dir, 'profile.yaml'), 'utf8'));
  const read = (file: string | undefined) => (file ? readFileSync(join(dir, file), 'utf8') : '');
  const ns = c.spec.namespace ?? {};
  const docs = readScenarioDocuments([
    { name: 'workloads', text: stringify({ apiVersion: 'v1', kind: 'Pod', metadata: pod.metadata, spec: { containers: [{ name: 'app', image: 'app' }], ...(pod.spec ?? {}) } }) },
    { name: 'namespaces', text: stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns.name, labels: ns.labels ?? {} } }) },
    { name: 'webhooks', text: read(index.mutatingWebhookConfiguration) },
    { name: 'injector', text: read(index.injectorConfigMap) },
    { name: 'mesh', text: read(index.meshConfigMap) },
  ]);
  const errors = docs.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  const admission = analyzeAdmission(docs, { ignoredNamespaces, suggestions: false, truthTable: false });
  const w = admission.workloads[0];
  if (!w) return { inject: false, webhooks: [], reason: 'NO_WORKLOAD', pod, errors: [...errors, 'admission produced no workload'] };
  const called = w.webhooks.filter((x) => x.called && x.injector).map((x) => x.webhook);
  const reason = w.injectors[0]?.decision.reason ?? 'NO_WEBHOOK';
  const inject = w.verdict === 'injected';
  if (!inject) return { inject, webhooks: called, reason, pod, errors };
  const injected = analyzeInjection(docs, docs.workloads[0], w);
  const after = injected.pod?.after as Record<string, any> | undefined;
  if (!after) return { inject, webhooks: called, reason, pod, errors: [...errors, `injection failed: ${injected.diagnostics.map((d) => d.message).join('; ')}`] };
  return { inject, webhooks: called, reason, pod: after, errors };
}

/** The fields of `got` that the case states, with `got`'s values (so optional fields compare only where asserted). */
function pick(got: Record<string, unknown> | undefined, expected: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(expected)) {
    const v = got?.[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && expected[k] && typeof expected[k] === 'object' && !Array.isArray(expected[k]) ? pick(v as Record<string, unknown>, expected[k] as Record<string, unknown>) : v;
  }
  return out;
}

/** Runs istio-cni's decision (and, with `admission`, sidecar injection first) on the case and compares what it states. */
export const checkAmbient: KindChecker = (c) => {
  const spec = c.spec;
  const exp = spec.expected ?? {};
  const { settings, errors } = caseSettings(spec.cni);
  if (errors.length) return { pass: false, diff: errors.map((e) => `  settings: ${e}`).join('\n') };
  let rawPod: Record<string, any> = spec.pod ?? {};
  let injection: SidecarInjection | undefined;
  if (spec.admission) {
    injection = admit(c, rawPod);
    if (injection.errors.length) return { pass: false, diff: injection.errors.map((e) => `  admission: ${e}`).join('\n') };
    rawPod = injection.pod;
  }
  const namespace = readAmbientNamespace(spec.namespace ?? {});
  const decision = decideAmbient({
    event: String(spec.event) as AmbientEvent,
    pod: readAmbientPod(rawPod, namespace.name),
    namespace,
    settings,
    rawPod,
    nodeAgentReachable: spec.context?.nodeAgentReachable !== false,
    ztunnelReachable: spec.context?.ztunnelReachable !== false,
  });
  const diffs = compare(exp, decision, injection);
  if (!diffs.length) return { pass: true };
  return { pass: false, diff: [...diffs, `  steps: ${decision.steps.map((s) => `${s.id}:${s.outcome}`).join(' → ')}`].join('\n') };
};

/** Drops undefined-valued keys, so an absent optional field equals an unset one. */
function defined(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, defined(x)]));
}

function compare(exp: any, d: AmbientDecision, injection: SidecarInjection | undefined): string[] {
  const diffs: string[] = [];
  const check = (what: string, expected: unknown, got: unknown) => {
    if (!isDeepStrictEqual(defined(expected), defined(got))) diffs.push(`  ${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
  };
  check('decision', { enrolled: exp.enrolled, rule: exp.rule, reason: exp.reason, selectorIndex: exp.selectorIndex }, { enrolled: d.enrolled, rule: d.rule, reason: d.reason, selectorIndex: d.selectorIndex });
  if (exp.sidecarInjection) {
    const got = injection ? { inject: injection.inject, webhooks: injection.webhooks, reason: injection.reason } : undefined;
    check('sidecarInjection', exp.sidecarInjection, got && pick(got, exp.sidecarInjection));
  }
  if (exp.cniPlugin) check('cniPlugin', { result: undefined, ...exp.cniPlugin }, { ...pick(d.cniPlugin as any, exp.cniPlugin), result: d.cniPlugin?.result });
  if (exp.nodeAgent) {
    if ('inSnapshot' in exp.nodeAgent) check('nodeAgent', exp.nodeAgent, { inSnapshot: d.inSnapshot });
    else check('nodeAgent', { isDelete: undefined, ...exp.nodeAgent }, { ...pick(d.nodeAgent as any, exp.nodeAgent), isDelete: d.nodeAgent?.isDelete });
  }
  if (exp.podOverrides) check('podOverrides', exp.podOverrides, d.podOverrides);
  if (exp.waypoint) check('waypoint', exp.waypoint, pick(d.waypoint as any, { from: 1, name: 1, namespace: 1, optOut: 1, ...exp.waypoint }));
  return diffs;
}
