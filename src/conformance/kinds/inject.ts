import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { buildInstall, configMapTexts, parseInstallTexts, type InjectionInstall } from '../../engine/injection/index.ts';
import { defaultEngine } from '../../engine/injection/index.ts';
import type { InjectionEngine } from '../../engine/injection/index.ts';
import { kubeInjectStream } from '../../engine/injection/index.ts';
import { webhookInject, type ClusterContext } from '../../engine/injection/index.ts';
import { readCaseFile } from '../corpus.ts';
import { caseRelease } from '../release.ts';
import { shortDiff } from '../diff.ts';
import type { CaseOutcome, CorpusCase, KindChecker } from '../types.ts';

/** The install a case runs with: its profile's ConfigMaps with the case's overlays deep-merged over them. */
export function caseInstall(c: CorpusCase): InjectionInstall {
  const profileDir = join(c.dir, '..', '..', 'profiles', String(c.spec.profile));
  const profile = parseYaml(readFileSync(join(profileDir, 'profile.yaml'), 'utf8'));
  const readCM = (file: string | null | undefined) => (file ? parseYaml(readFileSync(join(profileDir, file), 'utf8')) : undefined);
  const texts = configMapTexts(readCM(profile.injectorConfigMap), readCM(profile.meshConfigMap));
  const { documents } = parseInstallTexts(texts);
  const overlays = c.spec.install ?? {};
  return buildInstall({
    config: deepMerge(documents.config, overlays.injector),
    values: deepMerge(documents.values, overlays.values),
    mesh: deepMerge(documents.mesh, overlays.mesh),
  }).install;
}

/** The corpus' overlay rule: maps merge key by key, anything else (null included) replaces. */
function deepMerge(base: unknown, overlay: unknown): unknown {
  if (overlay === undefined) return base;
  if (isObject(base) && isObject(overlay)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(overlay)) out[k] = deepMerge(base[k], v);
    return out;
  }
  return overlay;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function contextOf(c: CorpusCase): ClusterContext {
  const ctx = c.spec.context ?? {};
  return {
    nativeSidecars: ctx.nativeSidecars === true,
    platform: String(ctx.platform ?? ''),
    namespace: ctx.namespace ?? null,
    istiodEnv: Object.fromEntries(Object.entries(ctx.istiodEnv ?? {}).map(([k, v]) => [k, String(v)])),
    proxyConfigs: ctx.proxyConfigs ?? [],
    revision: String(ctx.revision ?? 'default'),
    webhookPath: String(ctx.webhookPath ?? '/inject'),
  };
}

function checkKubeInject(c: CorpusCase, install: InjectionInstall, ctx: ClusterContext, engine: InjectionEngine): string | undefined {
  const mode = c.spec.modes.kubeInject;
  const expect = mode.expect ?? {};
  const result = kubeInjectStream(readCaseFile(c, c.spec.input), {
    install,
    revision: String(mode.revision ?? ''),
    nativeSidecars: ctx.nativeSidecars,
    proxyUID: 1337,
    proxyGID: 1337,
    istiodEnv: ctx.istiodEnv,
    webhookPath: '',
    injectedAnnotations: {},
    defaultTemplates: ['sidecar'],
    release: ctx.release,
  }, engine);
  const problems: string[] = [];
  if (expect.error !== undefined) {
    if (!result.error) problems.push(`  kubeInject: expected an error containing ${JSON.stringify(expect.error)}, got output`);
    else if (!result.error.toLowerCase().includes(String(expect.error))) problems.push(`  kubeInject: error ${JSON.stringify(result.error)} lacks ${JSON.stringify(expect.error)}`);
  } else if (result.error) {
    problems.push(`  kubeInject: unexpected error: ${result.error}`);
  } else {
    const want = readCaseFile(c, expect.output).trim();
    const got = (result.output ?? '').trim();
    if (want !== got) problems.push(`  kubeInject output differs:\n${shortDiff(want, got)}`);
  }
  for (const w of expect.warnings ?? []) {
    if (!result.warnings.some((x) => x.includes(w))) problems.push(`  kubeInject: no warning contains ${JSON.stringify(w)} (got ${JSON.stringify(result.warnings)})`);
  }
  return problems.length ? problems.join('\n') : undefined;
}

const POD_KINDS = new Set(['Deployment', 'DeploymentConfig', 'DaemonSet', 'StatefulSet', 'Job', 'ReplicaSet', 'ReplicationController', 'CronJob', 'Pod']);

/** Step 1-2 of the webhook comparison: the parts that hold pods, each turned into the pod the test sends. */
function podsOf(text: string): { pod: Record<string, any>; namespace: string }[] {
  const out: { pod: Record<string, any>; namespace: string }[] = [];
  const visit = (obj: any) => {
    if (!obj || typeof obj !== 'object') return;
    if (obj.kind === 'List') {
      for (const item of obj.items ?? []) visit(item);
      return;
    }
    if (!POD_KINDS.has(obj.kind)) return;
    out.push({ pod: objectToPod(obj), namespace: String(obj.metadata?.namespace ?? '') });
  };
  for (const part of text.split('\n---')) {
    try {
      visit(parseYaml(part));
    } catch {
      // a part the Go test could not parse is not compared either
    }
  }
  return out;
}

function objectToPod(obj: any): Record<string, any> {
  if (obj.kind === 'Pod') return structuredClone(obj);
  const name = String(obj.metadata?.name ?? '');
  const template = obj.kind === 'CronJob' ? obj.spec?.jobTemplate?.spec?.template ?? {} : obj.spec?.template ?? {};
  const metadata = structuredClone(template.metadata ?? {});
  if (obj.kind === 'Deployment') {
    metadata.generateName = `${name}-fake-`;
    metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-fake`, controller: true }];
    metadata.labels = { ...(metadata.labels ?? {}), 'pod-template-hash': 'fake' };
  } else {
    metadata.generateName = name;
    metadata.ownerReferences = [{ apiVersion: obj.apiVersion, kind: obj.kind, name, controller: true }];
  }
  return { metadata, spec: structuredClone(template.spec ?? {}) };
}

function normalizePod(pod: Record<string, any>, engine: InjectionEngine): unknown {
  const p = dropNulls(engine.roundTripPod(structuredClone(pod))) as Record<string, any>;
  if (p.metadata?.annotations) {
    delete p.metadata.annotations['sidecar.istio.io/status'];
    if (!Object.keys(p.metadata.annotations).length) delete p.metadata.annotations;
  }
  for (const c of p.spec?.containers ?? []) for (const e of c.env ?? []) if (e.valueFrom?.fieldRef) delete e.valueFrom.fieldRef.apiVersion;
  return p;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isObject(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
  return v;
}

function dropNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => [k, dropNulls(x)]));
  return v;
}

function checkWebhook(c: CorpusCase, install: InjectionInstall, ctx: ClusterContext, engine: InjectionEngine): string | undefined {
  const inputs = podsOf(readCaseFile(c, c.spec.input));
  const expected = podsOf(readCaseFile(c, c.spec.modes.webhook.expect.pods));
  if (inputs.length !== expected.length) return `  webhook: ${inputs.length} input pods but ${expected.length} expected pods`;
  const problems: string[] = [];
  inputs.forEach(({ pod, namespace }, i) => {
    const r = webhookInject(pod, namespace, install, ctx, engine);
    if (!r.allowed) {
      problems.push(`  webhook pod ${i}: rejected: ${r.error}`);
      return;
    }
    const got = normalizePod(r.after ?? r.before, engine);
    const want = normalizePod(expected[i].pod, engine);
    if (!isDeepStrictEqual(got, want)) {
      problems.push(`  webhook pod ${i} differs:\n${shortDiff(JSON.stringify(sortKeys(want), null, 1), JSON.stringify(sortKeys(got), null, 1))}`);
    }
  });
  return problems.length ? problems.join('\n') : undefined;
}

/** Runs both modes the case lists (kube-inject byte for byte, webhook as JSON) per inject/README.md. */
export const checkInject: KindChecker = (c) => checkInjectWith(c, defaultEngine);

export function checkInjectWith(c: CorpusCase, engine: InjectionEngine): CaseOutcome {
  const release = caseRelease(c);
  if ('error' in release) return { pass: false, diff: release.error };
  const install = caseInstall(c);
  const ctx = { ...contextOf(c), release: release.behaviour };
  const problems: string[] = [];
  if (c.spec.modes?.kubeInject) {
    const p = checkKubeInject(c, install, ctx, engine);
    if (p) problems.push(p);
  }
  if (c.spec.modes?.webhook) {
    const p = checkWebhook(c, install, ctx, engine);
    if (p) problems.push(p);
  }
  return problems.length ? { pass: false, diff: problems.join('\n') } : { pass: true };
}
