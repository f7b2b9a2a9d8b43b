import { INJECT_KEY } from '../injectionPolicy/index.ts';
import { admissionVerdict, type AdmissionCore } from './admitPod.ts';
import { applyObjectEdit, type ObjectEdit } from './edits.ts';
import { namespaceLabelsOf, podAnnotationsOf, podLabelsOf, podTemplateOf, type PodSubject } from './podSubject.ts';
import { onlyKeys, relevantLabelKeys } from './relevantLabels.ts';
import { locateNearest, type ScenarioIndex } from './scenarioIndex.ts';
import type { Suggestion, Verdict, YamlEdit } from './types.ts';

const REV_KEY = 'istio.io/rev';
const NS_INJECTION_KEY = 'istio-injection';

/** A candidate change: one idea, possibly several object edits, described for the user. */
interface Candidate {
  sentence: string;
  command?: string;
  edits: ObjectEdit[];
  /** A change to the cluster-side objects (a webhook configuration, an injector ConfigMap). */
  cluster?: ClusterChange;
}

/** Deleting a whole MutatingWebhookConfiguration (e.g. one left behind by an upgrade), or setting an injector ConfigMap's policy. */
type ClusterChange = { kind: 'drop-configuration'; name: string } | { kind: 'set-policy'; configMap: string; policy: string };

/** The index as it would be after the cluster changes. */
function changedIndex(index: ScenarioIndex, changes: ClusterChange[]): ScenarioIndex {
  if (!changes.length) return index;
  const dropped = changes.flatMap((c) => (c.kind === 'drop-configuration' ? [c.name] : []));
  const policies = new Map(changes.flatMap((c) => (c.kind === 'set-policy' ? [[c.configMap, c.policy] as const] : [])));
  return {
    ...index,
    configurations: index.configurations.filter((c) => !dropped.includes(c.configuration.name)),
    injectorConfigs: index.injectorConfigs.map((c) => (policies.has(c.name) ? { ...c, read: { ...c.read, policyWritten: true, config: { ...c.read.config, policy: policies.get(c.name)! } } } : c)),
  };
}

/** The injector config text with its `policy:` line set (added when absent). */
function configWithPolicy(text: string, policy: string): string {
  return /^policy:.*$/m.test(text) ? text.replace(/^policy:.*$/m, `policy: ${policy}`) : `policy: ${policy}\n${text}`;
}

/** Hostile input: at most this many re-analyses per workload, and per scenario (shared budget). */
const MAX_TRIALS = 200;
export interface TrialBudget {
  left: number;
  /** Outcomes of earlier re-analyses, by what the decision depends on (workloads often share it). */
  outcomes: Map<string, TrialOutcome>;
}
type TrialOutcome = Pick<AdmissionCore, 'verdict' | 'injectedBy'> & { double: boolean };
export const newTrialBudget = (): TrialBudget => ({ left: 2000, outcomes: new Map() });

/** What the verdict depends on. matchConditions may read any field, so then the whole objects count. */
function fingerprint(s: PodSubject, index: ScenarioIndex): string {
  const keys = relevantLabelKeys(index);
  const tpl = podTemplateOf(s);
  if (!keys) return JSON.stringify([s.namespace, tpl, s.namespaceValue ?? null]);
  const annotation = podAnnotationsOf(s)[INJECT_KEY] ?? null;
  return JSON.stringify([s.namespace, onlyKeys(podLabelsOf(s), keys), annotation, tpl.spec?.hostNetwork === true, onlyKeys(namespaceLabelsOf(s), keys)]);
}

function outcomeOf(s: PodSubject, index: ScenarioIndex, ignoredNamespaces: readonly string[], budget: TrialBudget, changes: ClusterChange[]): TrialOutcome | undefined {
  const key = JSON.stringify(changes) + fingerprint(s, index);
  const known = budget.outcomes.get(key);
  if (known) return known;
  if (budget.left <= 0) return undefined;
  budget.left--;
  // The verdict only: the verification compares verdicts, not the explanation admitPod writes.
  const outcome = admissionVerdict(s, changedIndex(index, changes), ignoredNamespaces);
  budget.outcomes.set(key, outcome);
  return outcome;
}
const MAX_SUGGESTIONS = 6;
/** Suggestions combine at most this many changes. */
const MAX_EDITS = 3;

/** Revisions the injection webhooks route by, read from their `istio.io/rev In [...]` requirements. */
function knownRevisions(index: ScenarioIndex): string[] {
  const revs = new Set<string>();
  for (const { configuration } of index.configurations) {
    for (const w of configuration.webhooks) {
      for (const sel of [w.namespaceSelector, w.objectSelector]) {
        for (const e of sel.matchExpressions ?? []) if (e.key === REV_KEY && e.operator === 'In') for (const v of e.values ?? []) revs.add(v);
        const v = sel.matchLabels?.[REV_KEY];
        if (v !== undefined) revs.add(v);
      }
    }
  }
  return [...revs].sort();
}

function wantsNamespaceInjectionLabel(index: ScenarioIndex): boolean {
  return index.configurations.some(({ configuration }) =>
    configuration.webhooks.some((w) => (w.namespaceSelector.matchExpressions ?? []).some((e) => e.key === NS_INJECTION_KEY && e.operator === 'In' && (e.values ?? []).includes('enabled')) || w.namespaceSelector.matchLabels?.[NS_INJECTION_KEY] === 'enabled'),
  );
}

function candidates(s: PodSubject, index: ScenarioIndex, want: Verdict): Candidate[] {
  const out: Candidate[] = [];
  const ns = s.namespace;
  const tpl = [...s.templatePath.map(String), 'metadata'];
  const podLabels = podLabelsOf(s);
  const podAnnotations = podAnnotationsOf(s);
  const nsLabels = namespaceLabelsOf(s);
  const where = s.templatePath.length ? `the ${s.kind}'s pod template` : `the Pod`;
  const nsSet = (key: string, value: string): Candidate => ({
    sentence: `Label namespace ${ns} with ${key}=${value}${nsLabels[key] !== undefined ? ` (it has ${key}=${nsLabels[key]})` : ''}.`,
    command: `kubectl label namespace ${ns} ${key}=${value} --overwrite`,
    edits: [{ target: 'namespace', path: ['metadata', 'labels', key], action: 'set', value }],
  });
  const nsRemove = (key: string): Candidate => ({
    sentence: `Remove the label ${key}=${nsLabels[key]} from namespace ${ns}.`,
    command: `kubectl label namespace ${ns} ${key}-`,
    edits: [{ target: 'namespace', path: ['metadata', 'labels', key], action: 'remove' }],
  });
  const podSet = (key: string, value: string): Candidate => ({
    sentence: `Add the label ${key}: "${value}" to ${where}${podLabels[key] !== undefined ? ` (it has "${podLabels[key]}")` : ''}.`,
    edits: [{ target: 'workload', path: [...tpl, 'labels', key], action: 'set', value }],
  });
  const podRemove = (place: 'labels' | 'annotations', key: string, value: string): Candidate => ({
    sentence: `Remove the ${place.slice(0, -1)} ${key}: "${value}" from ${where}.`,
    edits: [{ target: 'workload', path: [...tpl, place, key], action: 'remove' }],
  });
  // A key written on the controller's own metadata is moved to where it takes effect.
  if (s.templatePath.length) {
    for (const place of ['labels', 'annotations'] as const) {
      for (const key of [INJECT_KEY, REV_KEY]) {
        const v = s.value.metadata?.[place]?.[key];
        if (v === undefined) continue;
        out.push({
          sentence: `Move ${key}: "${String(v)}" from the ${s.kind}'s metadata.${place} to its pod template (${[...tpl, 'labels'].join('.')}), where it takes effect.`,
          edits: [
            { target: 'workload', path: ['metadata', place, key], action: 'remove' },
            { target: 'workload', path: [...tpl, 'labels', key], action: 'set', value: String(v) },
          ],
        });
      }
    }
  }
  // The deprecated annotation turned into the label, which the API server can see.
  if (podAnnotations[INJECT_KEY] !== undefined && podLabels[INJECT_KEY] === undefined) {
    out.push({
      sentence: `Make ${INJECT_KEY}: "${podAnnotations[INJECT_KEY]}" a label of ${where} instead of an annotation.`,
      edits: [
        { target: 'workload', path: [...tpl, 'annotations', INJECT_KEY], action: 'remove' },
        { target: 'workload', path: [...tpl, 'labels', INJECT_KEY], action: 'set', value: podAnnotations[INJECT_KEY] },
      ],
    });
  }
  if (want === 'injected') {
    if (podLabels[INJECT_KEY] !== undefined && podLabels[INJECT_KEY] !== 'true') out.push(podRemove('labels', INJECT_KEY, podLabels[INJECT_KEY]));
    if (podAnnotations[INJECT_KEY] !== undefined && podAnnotations[INJECT_KEY] !== 'true') out.push(podRemove('annotations', INJECT_KEY, podAnnotations[INJECT_KEY]));
    // Even istio-injection=enabled blocks the revision webhooks (they want it absent).
    if (nsLabels[NS_INJECTION_KEY] !== undefined) out.push(nsRemove(NS_INJECTION_KEY));
    if (wantsNamespaceInjectionLabel(index)) out.push(nsSet(NS_INJECTION_KEY, 'enabled'));
    for (const rev of knownRevisions(index)) if (nsLabels[REV_KEY] !== rev) out.push(nsSet(REV_KEY, rev));
    if (nsLabels[REV_KEY] !== undefined) out.push(nsRemove(REV_KEY));
    out.push(podSet(INJECT_KEY, 'true'));
    for (const rev of knownRevisions(index)) if (podLabels[REV_KEY] !== rev) out.push(podSet(REV_KEY, rev));
    if (podLabels[REV_KEY] !== undefined) out.push(podRemove('labels', REV_KEY, podLabels[REV_KEY]));
    const spec = [...s.templatePath.map(String), 'spec'];
    let t: any = s.value;
    for (const k of spec) t = t?.[k];
    if (t?.hostNetwork === true) {
      out.push({ sentence: `Remove hostNetwork: true from ${where} (istiod never injects pods on the node's network).`, edits: [{ target: 'workload', path: [...spec, 'hostNetwork'], action: 'remove' }] });
    }
  } else {
    out.push(podSet(INJECT_KEY, 'false'));
    if (nsLabels[NS_INJECTION_KEY] !== undefined) out.push(nsRemove(NS_INJECTION_KEY));
    if (nsLabels[REV_KEY] !== undefined) out.push(nsRemove(REV_KEY));
    if (podLabels[REV_KEY] !== undefined) out.push(podRemove('labels', REV_KEY, podLabels[REV_KEY]));
    if (podLabels[INJECT_KEY] === 'true') out.push(podRemove('labels', INJECT_KEY, 'true'));
    out.push(nsSet(NS_INJECTION_KEY, 'disabled'));
  }
  return out;
}

/** The subject with object edits applied (the Namespace object is created when an edit needs one). */
export function applyCandidate(s: PodSubject, edits: ObjectEdit[]): PodSubject {
  let value = s.value;
  let namespaceValue = s.namespaceValue ?? { apiVersion: 'v1', kind: 'Namespace', metadata: { name: s.namespace } };
  for (const e of edits) {
    if (e.target === 'workload') value = applyObjectEdit(value, e);
    else namespaceValue = applyObjectEdit(namespaceValue, e);
  }
  const touchesNamespace = edits.some((e) => e.target === 'namespace');
  return { ...s, value, ...(touchesNamespace || s.namespaceValue ? { namespaceValue } : {}) };
}

/** Where the subject's objects live in the text, for turning object edits into YAML edits. */
export interface SubjectDocuments {
  workload: { input: string; documentIndex: number; path: (string | number)[] };
  namespace?: { input: string; documentIndex: number; path: (string | number)[] };
}

export function toYamlEdits(s: PodSubject, edits: ObjectEdit[], docs: SubjectDocuments, after: PodSubject): YamlEdit[] {
  const out: YamlEdit[] = [];
  const nsEdits = edits.filter((e) => e.target === 'namespace');
  if (nsEdits.length && !docs.namespace) {
    // The scenario has no Namespace object: suggest adding one, with the labels the edits give it.
    out.push({ input: docs.workload.input, documentIndex: -1, path: [], action: 'add-document', value: after.namespaceValue });
  }
  for (const e of edits) {
    if (e.target === 'namespace' && !docs.namespace) continue;
    const place = e.target === 'workload' ? docs.workload : docs.namespace!;
    const locate = e.target === 'workload' ? s.locateWorkload : s.locateNamespace!;
    const at = locateNearest(locate, e.path);
    out.push({ input: place.input, documentIndex: place.documentIndex, path: [...place.path, ...e.path], action: e.action, ...(e.action === 'set' ? { value: e.value } : {}), ...(at ? { at } : {}) });
  }
  return out;
}

/** "Do A." + "Do B." → "Do A, and do B." */
function joinSentences(sentences: string[]): string {
  return sentences.map((t, i) => (i === 0 ? t : t[0].toLowerCase() + t.slice(1))).map((t, i, all) => (i < all.length - 1 ? t.replace(/\.$/, ',') : t)).join(' and ');
}

/** A cluster change as a YAML edit: removing a configuration's document, or the ConfigMap's new data.config text. */
function clusterEdit(index: ScenarioIndex, change: ClusterChange): YamlEdit {
  if (change.kind === 'drop-configuration') {
    const o = index.configurations.find((c) => c.configuration.name === change.name)!.object;
    const at = o.doc.locate(o.path);
    return { input: o.doc.input, documentIndex: o.doc.index, path: [...o.path], action: 'remove', ...(at ? { at } : {}) };
  }
  const cm = index.injectorConfigs.find((c) => c.name === change.configMap)!;
  const o = cm.object;
  const at = cm.locateConfig(['policy']) ?? o.doc.locate([...o.path, 'data', 'config']);
  return { input: o.doc.input, documentIndex: o.doc.index, path: [...o.path, 'data', 'config'], action: 'set', value: configWithPolicy(String(o.value.data.config), change.policy), ...(at ? { at } : {}) };
}

const ok = (r: TrialOutcome, want: Verdict) => r.verdict === want && (want !== 'injected' || !r.double);

/**
 * The smallest verified edits that turn the verdict around (or, for a doubly injected pod, that
 * leave exactly one injector). Every suggestion was re-analysed; none is guessed.
 */
export function suggestChanges(s: PodSubject, index: ScenarioIndex, current: AdmissionCore, docs: SubjectDocuments, ignoredNamespaces: readonly string[], budget: TrialBudget = newTrialBudget()): Suggestion[] {
  if (current.verdict === 'rejected') return [];
  const fixDouble = current.verdict === 'injected' && current.doubleInjection !== undefined;
  const want: Verdict = current.verdict === 'injected' && !fixDouble ? 'not-injected' : 'injected';
  const pool = candidates(s, index, want).filter((c) => !fixDouble || c.edits.every((e) => e.action === 'remove' || e.target === 'workload'));
  if (fixDouble) {
    const called = [...new Set(current.webhooks.filter((w) => w.called && w.injector).map((w) => w.configuration))];
    for (const name of called) {
      pool.push({ sentence: `Delete the MutatingWebhookConfiguration ${name}, so that only one injector is called.`, command: `kubectl delete mutatingwebhookconfiguration ${name}`, edits: [], cluster: { kind: 'drop-configuration', name } });
    }
  }
  // The injector ConfigMap's policy, for the revisions that were reached.
  for (const inj of current.injectors) {
    const cm = inj.configMap && index.injectorConfigs.find((c) => c.name === inj.configMap!.name && c.namespace === inj.configMap!.namespace);
    if (!cm || typeof cm.object.value?.data?.config !== 'string') continue;
    const policy = want === 'injected' ? 'enabled' : 'disabled';
    if (cm.read.config.policy === policy || pool.some((c) => c.cluster?.kind === 'set-policy' && c.cluster.configMap === cm.name)) continue;
    pool.push({
      sentence: `Set policy: ${policy} in ConfigMap ${cm.namespace ? `${cm.namespace}/` : ''}${cm.name} (data.config; it has ${JSON.stringify(cm.read.config.policy)}). This changes the default for every pod of revision ${inj.revision}.`,
      edits: [],
      cluster: { kind: 'set-policy', configMap: cm.name, policy },
    });
  }
  const found: Suggestion[] = [];
  let trials = 0;
  const seen = new Set<string>();
  const attempt = (parts: Candidate[]) => {
    const edits = parts.flatMap((p) => p.edits);
    const changes = parts.flatMap((p) => (p.cluster ? [p.cluster] : []));
    const key = JSON.stringify([edits, changes]);
    if (seen.has(key) || trials >= MAX_TRIALS) return;
    seen.add(key);
    trials++;
    const after = applyCandidate(s, edits);
    const result = outcomeOf(after, index, ignoredNamespaces, budget, changes);
    if (!result || !ok(result, want)) return;
    found.push({
      sentence: joinSentences(parts.map((p) => p.sentence)),
      ...(parts.every((p) => p.command) ? { command: parts.map((p) => p.command).join(' && ') } : {}),
      edits: [...toYamlEdits(s, edits, docs, after), ...changes.map((c) => clusterEdit(index, c))],
      verdictAfter: result.verdict,
      revisionsAfter: result.injectedBy,
    });
  };
  // Smallest first: every single change, then pairs, then triples, stopping at the first size that works.
  const touches = (c: Candidate) => c.edits.map((e) => `${e.target}:${e.path.join('.')}`).concat(c.cluster ? [JSON.stringify(c.cluster)] : []);
  const combine = (size: number, from: number, chosen: Candidate[], used: Set<string>) => {
    if (chosen.length === size) return attempt(chosen);
    for (let i = from; i < pool.length && found.length < MAX_SUGGESTIONS && trials < MAX_TRIALS; i++) {
      const keys = touches(pool[i]);
      if (keys.some((k) => used.has(k))) continue;
      combine(size, i + 1, [...chosen, pool[i]], new Set([...used, ...keys]));
    }
  };
  for (let size = 1; size <= MAX_EDITS && !found.length; size++) combine(size, 0, [], new Set());
  return found.slice(0, MAX_SUGGESTIONS);
}
