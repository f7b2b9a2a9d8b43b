/**
 * Verified fixes for the data plane: how to enroll the pod in ambient (or keep it out), how to
 * resolve a sidecar/ambient conflict, and what to write instead of the stale
 * `ambient.istio.io/redirection: disabled`. Each candidate is re-analysed through the whole
 * decision — webhooks, istiod and istio-cni — by the `evaluate` callback; only those that reach
 * their goal are offered.
 */
import type { ObjectEdit } from '../admission/index.ts';
import type { DataPlaneMode, DataPlaneVerdict } from './dataplane.ts';
import { DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, DATAPLANE_MODE_NONE, REDIRECTION, REDIRECTION_RETIRED_DISABLED, SIDECAR_INJECT } from './names.ts';
import type { AmbientNamespace, AmbientPod } from './pod.ts';

export type FixGoal = 'enroll' | 'keep-out' | 'keep-ambient' | 'keep-sidecar' | 'replace-stale-advice';

export interface AmbientFix {
  goal: FixGoal;
  sentence: string;
  command?: string;
  edits: ObjectEdit[];
  /** The data plane after the edits, as re-analysed. */
  modeAfter: DataPlaneMode;
}

export interface FixSubject {
  /** The workload's kind and name, and the path from it to its pod template ([] for a Pod). */
  kind: string;
  name: string;
  templatePath: readonly (string | number)[];
  /** The pod as written (before injection) and its namespace. */
  pod: AmbientPod;
  namespace: AmbientNamespace;
}

interface Candidate {
  goal: FixGoal;
  sentence: string;
  command?: string;
  edits: ObjectEdit[];
  /** Whether the re-analysed verdict reaches the goal. */
  reached: (after: DataPlaneVerdict) => boolean;
}

const INJECTION_LABEL = 'istio-injection';
const REV_LABEL = 'istio.io/rev';
/** Hostile input cannot make this loop long: a handful of candidates, each tried once. */
const MAX_TRIALS = 24;

export function ambientFixes(subject: FixSubject, current: DataPlaneVerdict, evaluate: (edits: ObjectEdit[]) => DataPlaneVerdict | undefined): AmbientFix[] {
  if (current.mode === 'rejected') return [];
  const out: AmbientFix[] = [];
  let trials = 0;
  for (const c of candidates(subject, current)) {
    if (trials++ >= MAX_TRIALS) break;
    const after = evaluate(c.edits);
    if (!after || !c.reached(after)) continue;
    out.push({ goal: c.goal, sentence: c.sentence, ...(c.command ? { command: c.command } : {}), edits: c.edits, modeAfter: after.mode });
  }
  return out;
}

function candidates(s: FixSubject, current: DataPlaneVerdict): Candidate[] {
  const { pod, namespace } = s;
  const meta = [...s.templatePath.map(String), 'metadata'];
  const where = s.templatePath.length ? `the ${s.kind}'s pod template` : `the Pod`;
  const ns = namespace.name || pod.namespace;
  const nsLabels = namespace.labels;
  const podLabels = pod.labels;
  const isPod = s.templatePath.length === 0;
  const podCommand = (patch: Record<string, string | null>, place: 'labels' | 'annotations' = 'labels') => {
    if (isPod) {
      const args = Object.entries(patch).map(([k, v]) => (v === null ? `${k}-` : `${k}=${v}`)).join(' ');
      return `kubectl ${place === 'labels' ? 'label' : 'annotate'} pod ${s.name} -n ${ns} ${args} --overwrite`;
    }
    let body: unknown = { metadata: { [place]: patch } };
    for (const k of [...s.templatePath].reverse()) body = { [k]: body };
    return `kubectl patch ${s.kind.toLowerCase()} ${s.name} -n ${ns} --type merge -p '${JSON.stringify(body)}'`;
  };
  const nsSet = (key: string, value: string, goal: FixGoal, reached: Candidate['reached'], why = ''): Candidate => ({
    goal,
    sentence: `Label namespace ${ns} with ${key}=${value}${nsLabels[key] !== undefined ? ` (it has ${key}=${nsLabels[key]})` : ''}${why}.`,
    command: `kubectl label namespace ${ns} ${key}=${value} --overwrite`,
    edits: [{ target: 'namespace', path: ['metadata', 'labels', key], action: 'set', value }],
    reached,
  });
  const nsRemove = (key: string, goal: FixGoal, reached: Candidate['reached'], why = ''): Candidate => ({
    goal,
    sentence: `Remove the label ${key}=${nsLabels[key]} from namespace ${ns}${why}.`,
    command: `kubectl label namespace ${ns} ${key}-`,
    edits: [{ target: 'namespace', path: ['metadata', 'labels', key], action: 'remove' }],
    reached,
  });
  const podSet = (key: string, value: string, goal: FixGoal, reached: Candidate['reached'], why = ''): Candidate => ({
    goal,
    sentence: `Add the label ${key}: "${value}" to ${where}${podLabels[key] !== undefined ? ` (it has "${podLabels[key]}")` : ''}${why}.`,
    command: podCommand({ [key]: value }),
    edits: [{ target: 'workload', path: [...meta, 'labels', key], action: 'set', value }],
    reached,
  });
  const podRemove = (key: string, goal: FixGoal, reached: Candidate['reached'], why = ''): Candidate => ({
    goal,
    sentence: `Remove the label ${key}: "${podLabels[key]}" from ${where}${why}.`,
    command: podCommand({ [key]: null }),
    edits: [{ target: 'workload', path: [...meta, 'labels', key], action: 'remove' }],
    reached,
  });
  const is = (mode: DataPlaneMode) => (after: DataPlaneVerdict) => after.mode === mode;
  const out: Candidate[] = [];

  // The stale opt-out users still copy: the label that does what they meant.
  if (pod.annotations[REDIRECTION] === REDIRECTION_RETIRED_DISABLED) {
    out.push({
      goal: 'replace-stale-advice',
      sentence: `Replace the annotation ${REDIRECTION}: disabled (no longer honoured) with the label ${DATAPLANE_MODE}: "none" on ${where}.`,
      command: podCommand({ [DATAPLANE_MODE]: DATAPLANE_MODE_NONE }),
      edits: [
        { target: 'workload', path: [...meta, 'annotations', REDIRECTION], action: 'remove' },
        { target: 'workload', path: [...meta, 'labels', DATAPLANE_MODE], action: 'set', value: DATAPLANE_MODE_NONE },
      ],
      reached: (after) => after.mode !== 'ambient',
    });
  }
  // istio.io/dataplane-mode written as an annotation does nothing: make it the label.
  const asAnnotation = pod.annotations[DATAPLANE_MODE];
  if (asAnnotation !== undefined && podLabels[DATAPLANE_MODE] === undefined) {
    out.push({
      goal: asAnnotation === DATAPLANE_MODE_AMBIENT ? 'enroll' : 'keep-out',
      sentence: `Make ${DATAPLANE_MODE}: "${asAnnotation}" a label of ${where} instead of an annotation (istio-cni reads labels only).`,
      edits: [
        { target: 'workload', path: [...meta, 'annotations', DATAPLANE_MODE], action: 'remove' },
        { target: 'workload', path: [...meta, 'labels', DATAPLANE_MODE], action: 'set', value: asAnnotation },
      ],
      reached: (after) => after.mode !== current.mode,
    });
  }

  if (current.mode === 'none') {
    const live = ' (ambient needs no restart: the node agent enrolls running pods)';
    if (podLabels[DATAPLANE_MODE] === DATAPLANE_MODE_NONE) out.push(podRemove(DATAPLANE_MODE, 'enroll', is('ambient'), ', which opts it out'));
    if (nsLabels[DATAPLANE_MODE] !== DATAPLANE_MODE_AMBIENT) out.push(nsSet(DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, 'enroll', is('ambient'), live));
    if (podLabels[DATAPLANE_MODE] !== DATAPLANE_MODE_AMBIENT) out.push(podSet(DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, 'enroll', is('ambient')));
  }
  if (current.mode === 'ambient') {
    out.push(podSet(DATAPLANE_MODE, DATAPLANE_MODE_NONE, 'keep-out', is('none'), ' (istio-cni removes a running pod\'s redirection when it sees the label)'));
    if (podLabels[DATAPLANE_MODE] === DATAPLANE_MODE_AMBIENT) out.push(podRemove(DATAPLANE_MODE, 'keep-out', is('none')));
    if (nsLabels[DATAPLANE_MODE] === DATAPLANE_MODE_AMBIENT) out.push(nsRemove(DATAPLANE_MODE, 'keep-out', is('none'), ' (this takes every pod of the namespace out of ambient)'));
  }
  // A sidecar pod that also asks for ambient, or a namespace labelled for both: keep one of them.
  const nsBoth = current.notes.some((n) => n.id === 'namespace-both');
  if ((current.mode === 'sidecar' && current.asksForAmbient) || nsBoth) {
    const ambientNoConflict = (after: DataPlaneVerdict) => after.mode === 'ambient' && !after.notes.some((n) => n.id === 'namespace-both');
    const sidecarForPod = (after: DataPlaneVerdict) => after.mode === 'sidecar' && !after.asksForAmbient;
    const sidecarNoConflict = (after: DataPlaneVerdict) => sidecarForPod(after) && !after.notes.some((n) => n.id === 'namespace-both');
    const restart = ' (pods created before keep their sidecar until restarted)';
    if (nsLabels[INJECTION_LABEL] !== undefined) out.push(nsRemove(INJECTION_LABEL, 'keep-ambient', ambientNoConflict, restart));
    if (nsLabels[REV_LABEL] !== undefined) out.push(nsRemove(REV_LABEL, 'keep-ambient', ambientNoConflict, restart));
    if (current.mode === 'sidecar') {
      if (podLabels[SIDECAR_INJECT] === 'true') out.push(podRemove(SIDECAR_INJECT, 'keep-ambient', is('ambient')));
      if (podLabels[REV_LABEL] !== undefined) out.push(podRemove(REV_LABEL, 'keep-ambient', is('ambient')));
      if (podLabels[SIDECAR_INJECT] !== 'false') out.push(podSet(SIDECAR_INJECT, 'false', 'keep-ambient', is('ambient'), ', so istiod leaves it to ambient'));
    }
    if (nsLabels[DATAPLANE_MODE] !== undefined) out.push(nsRemove(DATAPLANE_MODE, 'keep-sidecar', sidecarNoConflict));
    if (current.mode === 'sidecar') {
      if (podLabels[DATAPLANE_MODE] === DATAPLANE_MODE_AMBIENT) out.push(podRemove(DATAPLANE_MODE, 'keep-sidecar', sidecarForPod));
      else if (podLabels[DATAPLANE_MODE] !== DATAPLANE_MODE_NONE) out.push(podSet(DATAPLANE_MODE, DATAPLANE_MODE_NONE, 'keep-sidecar', sidecarForPod, ', so it no longer asks for ambient'));
    }
  }
  return out;
}
