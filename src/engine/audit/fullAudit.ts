import { admitPod, withInjectionOutcome, type AdmissionCore } from '../admission/index.ts';
import type { PodSubject } from '../admission/index.ts';
import type { ScenarioIndex } from '../admission/index.ts';
import { isNotSimulated } from '../gotemplate/index.ts';
import { defaultEngine } from '../injection/index.ts';
import { renderOutcome, webhookInject } from '../injection/index.ts';
import { captureOf, captureWords, cniSettingsOf, enrolledCapture } from './capture.ts';
import { dataPlaneChange, runningDataPlane, type DataPlane } from './dataPlaneChange.ts';
import { AUDIT_CHECKS } from './checks.ts';
import type { AuditCheck, PodAuditContext } from './podCheck.ts';
import { revisionInstalls } from './installs.ts';
import { instanceFreeText, podAsCreated, renderKey, stableJson } from './podAsCreated.ts';
import type { DumpObject } from './readDump.ts';
import type { SharedReads } from './sharedReads.ts';
import { changeText, restartChanges, type RestartOutcome } from './restartChanges.ts';
import { sidecarStateOf } from './sidecarState.ts';
import type { AuditFinding, AuditRow, CaptureSummary, DriftKind, RenderNote, RestartChange } from './types.ts';
import { ownerOf, ruleOf } from './auditPod.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { ResolvedCniSettings } from '../ambient/index.ts';

type Obj = Record<string, any>;

const nowhere = () => undefined;

/** What the pods of one render group share: one admission, one render, one capture. */
interface RenderGroup {
  id: string;
  core: AdmissionCore;
  outcome: RestartOutcome;
  render?: RenderNote;
  capture: CaptureSummary;
  payload: string;
  findings: Record<string, AuditFinding[]>;
  decidedBy: string;
}

const SELECTING = ['istio-injection', 'istio.io/rev', 'istio.io/dataplane-mode'];

/**
 * What decides which istiod (if any) a pod goes to, in a few words: the namespace or pod label the
 * webhooks select on, and the revision tag whose configuration was called.
 */
export function decidedByOf(core: AdmissionCore, created: Obj, namespaceValue: Obj | undefined, cluster: ScenarioIndex): string {
  const nsLabels: Record<string, string> = namespaceValue?.metadata?.labels ?? {};
  const podLabels: Record<string, string> = created.metadata?.labels ?? {};
  const parts: string[] = [];
  const ns = SELECTING.filter((k) => k in nsLabels).map((k) => `${k}=${nsLabels[k]}`);
  const pod = ['istio.io/rev', 'sidecar.istio.io/inject'].filter((k) => k in podLabels).map((k) => `${k}=${podLabels[k]}`);
  if (ns.length) parts.push(`namespace label ${ns.join(', ')}`);
  if (pod.length) parts.push(`pod label ${pod.join(', ')}`);
  if (!ns.length && !pod.length) parts.push('no injection label');
  const called = core.webhooks.find((w) => w.called && w.injector);
  if (called) {
    const conf = cluster.configurations.find((c) => c.configuration.name === called.configuration)?.configuration;
    const tag = conf?.labels['istio.io/tag'];
    parts.push(tag ? `tag ${tag} → revision ${called.revision ?? 'default'}` : `→ revision ${called.revision ?? 'default'}`);
  }
  return parts.join(', ');
}

/** The parts of a pod its injection owns, as one string (pods with equal parts compare alike). */
function injectedKey(pod: Obj): string {
  const status = pod.metadata?.annotations?.['sidecar.istio.io/status'];
  const pick = (list: unknown) => (Array.isArray(list) ? list.filter((c) => /^istio-/.test(String(c?.name ?? ''))) : []);
  return stableJson([status ?? null, pick(pod.spec?.initContainers), pick(pod.spec?.containers), pod.metadata?.annotations?.['sidecar.istio.io/interceptionMode'] ?? null]);
}

/** The drift kinds the measured changes amount to. */
function driftKinds(changes: readonly RestartChange[]): DriftKind[] {
  const kinds = new Set<DriftKind>();
  for (const c of changes) {
    if (c.kind === 'gains-sidecar') kinds.add('missing-sidecar');
    else if (c.kind === 'loses-sidecar') kinds.add('unwanted-sidecar');
    else if (c.kind === 'revision') kinds.add('old-revision');
    else if (c.kind === 'rejected') kinds.add('would-be-rejected');
    else if (c.kind === 'data-plane') kinds.add('data-plane');
    else if (c.kind !== 'not-simulated') kinds.add('sidecar-changes');
  }
  return [...kinds];
}

/**
 * The full-fidelity auditor of one dump: each pod through the API server's webhooks, istiod's
 * decision, the render by its revision's install (so a pod istiod would fail to render is found),
 * the capture rules, and a comparison of the sidecar it runs with the one a restart would give it.
 * Pods that share a pod template, namespace and revision are rendered once: the group key is the
 * pod as created (see podAsCreated.ts), so a pod edited by hand is a group of its own.
 */
export function createFullAuditor(
  objects: readonly DumpObject[],
  cluster: ScenarioIndex,
  /** `dumpText`: the dump's text, where its pods show whether istio-cni's node agent is at work (capture.ts `cniSettingsOf`); `cni`: istio-cni's settings, when the caller has them; `dataPlaneNow`: the data plane pod `index` runs in, when its annotations cannot say (a workload's template). */
  options: { ignoredNamespaces?: readonly string[]; nativeSidecars?: boolean; checks?: readonly AuditCheck[]; reads?: SharedReads; dumpText?: string; cni?: ResolvedCniSettings; dataPlaneNow?: (index: number) => DataPlane | undefined } = {},
) {
  const { reads } = options;
  const installOf = revisionInstalls(objects, cluster, { nativeSidecars: options.nativeSidecars, ...(reads ? { reads } : {}) });
  // The caller's istio-cni settings (a scenario's, as its Ambient tab resolved them), else the dump's.
  const cni = options.cni ? { resolved: options.cni, assumed: false } : cniSettingsOf(objects, options.dumpText);
  const checks = options.checks ?? AUDIT_CHECKS;
  const groups = new Map<string, RenderGroup>();
  const changesMemo = new Map<string, RestartChange[]>();
  const runningRules = new Map<string, string>();
  const memo = new Map<string, unknown>();
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();

  const buildGroup = (key: string, created: Obj, namespace: string, name: string): RenderGroup => {
    const ns = cluster.namespaces.get(namespace);
    const subject: PodSubject = { kind: 'Pod', name, value: created, templatePath: [], namespace, ...(ns ? { namespaceValue: ns.value, locateNamespace: nowhere } : {}), locateWorkload: nowhere };
    let core = admitPod(subject, cluster, options.ignoredNamespaces);
    let outcome: RestartOutcome = { verdict: core.verdict, rule: ruleOf(core) };
    let render: RenderNote | undefined;
    if (core.verdict === 'injected') {
      const revision = core.injectedBy[0] ?? 'default';
      const inst = installOf(revision);
      if (!reported.has(revision)) {
        reported.add(revision);
        diagnostics.push(...inst.diagnostics);
      }
      const inject = () => webhookInject(created, namespace, inst.install, inst.context, defaultEngine);
      const r = reads ? reads.render(inst, key, namespace, inject) : inject();
      const base = { revision, release: inst.release, install: inst.source };
      if (r.after) {
        render = { ...base, outcome: 'injected' };
        outcome = { verdict: 'injected', revision, after: r.after, rule: outcome.rule };
      } else if (r.skipped) {
        render = { ...base, outcome: 'skipped', error: r.skipped.message };
        outcome = { verdict: 'not-injected', revision, rule: `istiod ${revision}: ${r.skipped.message}` };
      } else {
        const error = r.error ?? 'istiod gave no patch';
        // The Admission panel's own ending of a verdict by its render (admission/injectionOutcome.ts).
        const workload = { kind: 'Pod', name, namespace, input: 'dump', documentIndex: 0 };
        const finished = withInjectionOutcome({ ...core, workload, suggestions: [] as unknown[] }, { outcome: renderOutcome(revision, error) });
        const { suggestions: _s, workload: _w, ...rest } = finished;
        core = rest;
        if (isNotSimulated(error)) {
          render = { ...base, outcome: 'not-simulated', error };
          outcome = { verdict: 'injected', revision, notSimulated: error, rule: outcome.rule };
        } else {
          render = { ...base, outcome: 'rejected', error };
          outcome = { verdict: 'rejected', revision, error, rule: ruleOf(core) };
        }
      }
    }
    const patched = outcome.verdict === 'injected' ? outcome.after : undefined;
    const capture = () => captureOf(patched ?? created, !!patched, namespace, ns?.value, cni);
    const captured = reads && patched ? reads.sidecarCapture(patched, capture) : capture();
    if (outcome.after) outcome = { ...outcome, rules: { now: '', after: captured.payload } };
    return { id: groupId(key), core, outcome, ...(render ? { render } : {}), capture: captured.summary, payload: captured.payload, findings: {}, decidedBy: decidedByOf(core, created, ns?.value, cluster) };
  };

  // Pods whose instance-free text is the same are the same pod as created: stripped, keyed and
  // compared once (the pods of a ReplicaSet; see podAsCreated.ts).
  const sameAsCreated = new Map<string, { created: Obj; group: RenderGroup; runningKey: string }>();

  const groupOf = (running: Obj) => {
    const name = String(running.metadata?.name ?? running.metadata?.generateName ?? '');
    const namespace = String(running.metadata?.namespace ?? '') || 'default';
    const text = instanceFreeText(running);
    const known = sameAsCreated.get(text);
    if (known) return { ...known, name, namespace };
    const created = podAsCreated(running);
    created.metadata.namespace ??= namespace;
    const key = renderKey(created);
    let group = groups.get(key);
    if (!group) {
      group = buildGroup(key, created, namespace, name);
      groups.set(key, group);
    }
    const entry = { created, group, runningKey: sidecarStateOf(running).present ? injectedKey(running) : '' };
    sameAsCreated.set(text, entry);
    return { ...entry, name, namespace };
  };

  const audit = (running: Obj, index: number): AuditRow => {
    const { group, created, name, namespace, runningKey } = groupOf(running);
    const sidecar = sidecarStateOf(running);
    let changes: RestartChange[];
    const memoKey = `${group.id}\n${runningKey}`;
    const known = changesMemo.get(memoKey);
    if (known) {
      changes = known;
    } else {
      let outcome = group.outcome;
      if (outcome.rules && sidecar.present) {
        let now = runningRules.get(runningKey);
        if (now === undefined) {
          now = captureOf(running, true, namespace, undefined, undefined).payload;
          runningRules.set(runningKey, now);
        }
        outcome = { ...outcome, rules: { now, after: outcome.rules.after } };
      }
      changes = restartChanges(running, sidecar, outcome);
      changesMemo.set(memoKey, changes);
    }
    // Ambient is judged only with istio-cni's settings: without its ConfigMap the dump says nothing
    // of which pods it would enroll (the ambient check says so for an enrolled pod).
    const dataPlaneNow = options.dataPlaneNow?.(index) ?? runningDataPlane(running, sidecar);
    const moved = cni ? dataPlaneChange(dataPlaneNow, group.capture, group.outcome.verdict === 'rejected') : undefined;
    if (moved) changes = [...changes, moved];
    const ctx: PodAuditContext = {
      running,
      created,
      namespace,
      ...(cluster.namespaces.get(namespace) ? { namespaceValue: cluster.namespaces.get(namespace)!.value } : {}),
      admission: group.core,
      outcome: group.outcome,
      sidecar,
      capture: group.capture,
      changes,
      ...(cni ? { cni: cni.resolved } : {}),
      objects,
      memo,
    };
    const found: Record<string, AuditFinding[]> = {};
    for (const check of checks) {
      let f: AuditFinding[];
      if (check.scope === 'group') {
        f = group.findings[check.id] ??= safely(check, ctx);
      } else {
        f = safely(check, ctx);
      }
      if (f.length) found[check.id] = f;
    }
    const core = group.core;
    const drift = driftKinds(changes);
    // What captures it now, where that is not the restart's: the in-pod rules of an enrolled pod, the data plane it leaves.
    const captureNow = dataPlaneNow === 'ambient' && cni ? enrolledCapture(running, namespace, cni) : undefined;
    const nowWords = captureNow ? captureWords(captureNow) : moved ? dataPlaneNow : undefined;
    const afterWords = captureWords(group.capture);
    const owner = ownerOf(running);
    return {
      index,
      name,
      namespace,
      ...(owner ? { owner } : {}),
      webhooks: core.webhooks.filter((w) => w.called).map((w) => `${w.configuration}/${w.webhook}`),
      verdict: group.outcome.verdict === 'rejected' ? 'rejected' : core.verdict === 'injected' && group.outcome.verdict !== 'injected' ? group.outcome.verdict : core.verdict,
      decidingStep: core.decidingStep,
      decidingRule: group.outcome.verdict === 'not-injected' && core.verdict === 'injected' ? group.outcome.rule : ruleOf(core),
      summary: core.summary,
      injectedBy: group.outcome.verdict === 'injected' ? core.injectedBy : [],
      sidecar,
      drift,
      driftDetail: changeText(changes),
      fidelity: 'full',
      ...(group.render ? { render: group.render } : {}),
      capture: group.capture,
      dataPlaneNow,
      ...(captureNow ? { captureNow } : {}),
      dataPlaneText: nowWords && nowWords !== afterWords ? `${nowWords} → ${afterWords}` : afterWords,
      changes,
      change: changeText(changes),
      group: group.id,
      checks: found,
      decidedBy: group.decidedBy,
    };
  };

  /** A pod's render group: its admission, render and capture (for previews that show the patched pod). */
  const renderOf = (running: Obj) => {
    const { group } = groupOf(running);
    return { core: group.core, outcome: group.outcome, capture: group.capture, payload: group.payload, render: group.render };
  };

  return { audit, renderOf, diagnostics, groups: () => groups.size, cniAssumed: cni?.assumed ?? false };
}

/** A short, stable name for a render group: FNV-1a of its key (the same in every worker). */
function groupId(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function safely(check: AuditCheck, ctx: PodAuditContext): AuditFinding[] {
  try {
    return check.run(ctx);
  } catch (err) {
    return [{ severity: 'error', headline: `internal error in the ${check.id} check`, detail: err instanceof Error ? err.message : String(err) }];
  }
}
