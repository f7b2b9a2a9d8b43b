import { normalizeQuantity } from '../kube/index.ts';
import { imageTag } from '../releases/index.ts';
import { parseStatus, STATUS_ANNOTATION, type InjectionStatus } from '../injection/index.ts';
import type { Verdict } from '../admission/index.ts';
import { stableJson } from './podAsCreated.ts';
import type { RestartChange, SidecarState } from './types.ts';

/**
 * Drift measured: the sidecar a running pod has, against the one a restart would give it now (the
 * pod rendered again by the revision that would inject it). Only what the injection owns is
 * compared — the containers and init containers its status annotation lists, and the annotation
 * itself — field by field: image, command and args, env, resources exactly; any other field the
 * template sets must be found in the running container with the same value (the API server adds
 * defaults such as probe timeouts and port protocols, which are not drift).
 */

type Obj = Record<string, any>;

/** What a restart gives the pod, as the audit worked it out. */
export interface RestartOutcome {
  verdict: Verdict;
  /** The revision that would inject it. */
  revision?: string;
  /** The pod as istiod would patch it (when injected and rendered). */
  after?: Obj;
  /** istiod's error when it would fail to render (verdict rejected). */
  error?: string;
  /** meshsim cannot render it (a sprig function it does not simulate): changes cannot be measured. */
  notSimulated?: string;
  /** The deciding rule in a few words (for "would no longer be injected"). */
  rule: string;
  /** The capture rules' IPv4 payload after the restart, and now (both '' without rules). */
  rules?: { now: string; after: string };
}

const DEFAULT_NAMES: InjectionStatus = { containers: ['istio-proxy'], initContainers: ['istio-init', 'istio-validation', 'istio-proxy'], volumes: null, imagePullSecrets: null, revision: '' };

/** The containers the injection owns, by name, with where they sit. */
function injected(pod: Obj | undefined, status: InjectionStatus): Map<string, { c: Obj; init: boolean }> {
  const out = new Map<string, { c: Obj; init: boolean }>();
  const add = (list: unknown, names: string[] | null, init: boolean) => {
    if (!Array.isArray(list)) return;
    for (const c of list) if (c && typeof c === 'object' && (names ?? []).includes(c.name)) out.set(String(c.name), { c, init });
  };
  add(pod?.spec?.initContainers, status.initContainers, true);
  add(pod?.spec?.containers, status.containers, false);
  return out;
}

const statusOf = (pod: Obj | undefined) => parseStatus(pod?.metadata?.annotations?.[STATUS_ANNOTATION]);

function imageText(a: string, b: string): [string, string] {
  const repo = (x: string) => x.split('@')[0].replace(/:[^/:]*$/, '');
  if (repo(a) === repo(b)) return [imageTag(a) ?? a, imageTag(b) ?? b];
  return [a, b];
}

const words = (c: Obj) => [...(Array.isArray(c.command) ? c.command : []), ...(Array.isArray(c.args) ? c.args : [])].map(String);

function envMap(c: Obj): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of Array.isArray(c.env) ? c.env : []) {
    if (!e || typeof e !== 'object') continue;
    let from = e.valueFrom;
    // The API server writes fieldRef's apiVersion when it is left out.
    if (from?.fieldRef && from.fieldRef.apiVersion === undefined) from = { ...from, fieldRef: { apiVersion: 'v1', ...from.fieldRef } };
    out.set(String(e.name), from !== undefined ? stableJson({ valueFrom: from }) : String(e.value ?? ''));
  }
  return out;
}

function envText(v: string | undefined): string {
  if (v === undefined) return '(unset)';
  return v.startsWith('{"valueFrom"') ? v.slice('{"valueFrom":'.length, -1) : JSON.stringify(v);
}

/** requests/limits as canonical quantities; the API server copies a limit into an unset request. */
function resourceMap(c: Obj): Map<string, string> {
  const out = new Map<string, string>();
  const r = c.resources && typeof c.resources === 'object' ? c.resources : {};
  for (const part of ['limits', 'requests'] as const) {
    for (const [k, v] of Object.entries(r[part] ?? {})) out.set(`${part}.${k}`, normalizeQuantity(String(v)) ?? String(v));
  }
  for (const [k, v] of out) if (k.startsWith('limits.') && !out.has(`requests.${k.slice(7)}`)) out.set(`requests.${k.slice(7)}`, v);
  return out;
}

/** Every field `want` sets is in `have` with the same value (lists: same length, element by element). */
function covers(want: unknown, have: unknown): boolean {
  if (want === null || typeof want !== 'object') return stableJson(want) === stableJson(have);
  if (Array.isArray(want)) return Array.isArray(have) && have.length === want.length && want.every((w, i) => covers(w, have[i]));
  if (!have || typeof have !== 'object' || Array.isArray(have)) return false;
  return Object.entries(want as Obj).every(([k, v]) => covers(v, (have as Obj)[k]));
}

const COMPARED = new Set(['name', 'image', 'command', 'args', 'env', 'resources']);

function containerChanges(name: string, was: Obj, now: Obj, out: RestartChange[], images: Map<string, { from: string; to: string; containers: string[] }>) {
  if (String(was.image ?? '') !== String(now.image ?? '')) {
    const key = `${was.image}\u0000${now.image}`;
    const entry = images.get(key) ?? { from: String(was.image ?? ''), to: String(now.image ?? ''), containers: [] };
    entry.containers.push(name);
    images.set(key, entry);
  }
  const a = words(was);
  const b = words(now);
  if (stableJson(a) !== stableJson(b)) {
    const added = b.filter((x) => !a.includes(x));
    const removed = a.filter((x) => !b.includes(x));
    const detail = added.length || removed.length ? [...added.map((x) => `+${x}`), ...removed.map((x) => `−${x}`)].join(' ') : `${a.join(' ')} → ${b.join(' ')}`;
    out.push({ kind: 'args', container: name, headline: `${name} args change`, detail });
  }
  const ea = envMap(was);
  const eb = envMap(now);
  const envNames = [...new Set([...ea.keys(), ...eb.keys()])].filter((k) => ea.get(k) !== eb.get(k)).sort();
  if (envNames.length) {
    const sign = (k: string) => (!ea.has(k) ? `+${k}` : !eb.has(k) ? `−${k}` : `~${k}`);
    out.push({ kind: 'env', container: name, headline: `${name} env ${envNames.map(sign).join(', ')}`, detail: envNames.map((k) => `${k}: ${envText(ea.get(k))} → ${envText(eb.get(k))}`).join('; ') });
  }
  const ra = resourceMap(was);
  const rb = resourceMap(now);
  const resNames = [...new Set([...ra.keys(), ...rb.keys()])].filter((k) => ra.get(k) !== rb.get(k)).sort();
  if (resNames.length) {
    const text = resNames.map((k) => `${k} ${ra.get(k) ?? '(unset)'} → ${rb.get(k) ?? '(unset)'}`).join(', ');
    out.push({ kind: 'resources', container: name, headline: `${name} resources ${text}`, detail: text });
  }
  const other = Object.keys(now).filter((k) => !COMPARED.has(k) && !covers(now[k], was[k])).sort();
  if (other.length) out.push({ kind: 'container', container: name, headline: `${name} ${other.join(', ')} change`, detail: other.map((k) => `${k}: ${stableJson(was[k] ?? null)} → ${stableJson(now[k])}`).join('; ') });
}

function listChange(what: string, was: string[] | null, now: string[] | null): string | undefined {
  const a = was ?? [];
  const b = now ?? [];
  const plus = b.filter((x) => !a.includes(x));
  const minus = a.filter((x) => !b.includes(x));
  return plus.length || minus.length ? `${what} ${[...plus.map((x) => `+${x}`), ...minus.map((x) => `−${x}`)].join(' ')}` : undefined;
}

const firstLine = (s: string) => {
  const line = s.split('\n')[0];
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
};

/** What a restart would change for one running pod. */
export function restartChanges(running: Obj, sidecar: SidecarState, outcome: RestartOutcome): RestartChange[] {
  const out: RestartChange[] = [];
  const rev = outcome.revision ?? 'default';
  if (outcome.verdict === 'rejected') {
    out.push({ kind: 'rejected', headline: `would be rejected: ${firstLine(outcome.error ?? outcome.rule)}`, detail: outcome.error ?? outcome.rule });
    return out;
  }
  const would = outcome.verdict === 'injected';
  if (!sidecar.present) {
    if (would) out.push({ kind: 'gains-sidecar', headline: `would get a sidecar from revision ${rev}` });
    return out;
  }
  if (!would) {
    out.push({ kind: 'loses-sidecar', headline: 'would no longer be injected', detail: outcome.rule });
    return out;
  }
  if (sidecar.revision && sidecar.revision !== rev) out.push({ kind: 'revision', headline: `would move to revision ${rev}`, detail: `injected by revision ${sidecar.revision}; revision ${rev} would inject it now` });
  if (outcome.notSimulated) {
    out.push({ kind: 'not-simulated', headline: 'not measured: meshsim cannot render this injection', detail: outcome.notSimulated });
    return out;
  }
  if (!outcome.after) return out;
  const wasStatus = statusOf(running) ?? DEFAULT_NAMES;
  const nowStatus = statusOf(outcome.after) ?? DEFAULT_NAMES;
  const was = injected(running, wasStatus);
  const now = injected(outcome.after, nowStatus);
  const images = new Map<string, { from: string; to: string; containers: string[] }>();
  const perContainer: RestartChange[] = [];
  for (const [name, n] of now) {
    const w = was.get(name);
    if (!w) {
      out.push({ kind: 'added', container: name, headline: `the template now adds ${n.init ? 'init container' : 'container'} ${name}` });
      continue;
    }
    if (w.init !== n.init) perContainer.push({ kind: 'container', container: name, headline: `${name} moves to the ${n.init ? 'init containers (a native sidecar)' : 'containers'}` });
    containerChanges(name, w.c, n.c, perContainer, images);
  }
  for (const [name, w] of was) if (!now.has(name)) out.push({ kind: 'removed', container: name, headline: `the template no longer adds ${w.init ? 'init container' : 'container'} ${name}` });
  for (const { from, to, containers } of images.values()) {
    const [a, b] = imageText(from, to);
    const proxy = [from, to].every((x) => /\/proxyv2[:@]|^proxyv2[:@]/.test(x));
    out.push({ kind: 'image', headline: `${proxy ? 'proxy' : containers.join(', ')} image ${a} → ${b}`, detail: `${containers.sort().join(', ')}: ${from} → ${to}` });
  }
  out.push(...perContainer);
  const status = [listChange('volumes', wasStatus.volumes, nowStatus.volumes), listChange('imagePullSecrets', wasStatus.imagePullSecrets, nowStatus.imagePullSecrets)].filter((x): x is string => !!x);
  if (status.length) out.push({ kind: 'status', headline: `status annotation ${status.join(', ')}`, detail: `${STATUS_ANNOTATION}: ${String(running.metadata?.annotations?.[STATUS_ANNOTATION] ?? '')} → ${String(outcome.after.metadata?.annotations?.[STATUS_ANNOTATION] ?? '')}` });
  if (outcome.rules && outcome.rules.now !== outcome.rules.after) out.push({ kind: 'rules', headline: 'capture rules change', detail: ruleDiff(outcome.rules.now, outcome.rules.after) });
  return out;
}

/** The rule lines one payload has and the other does not. */
function ruleDiff(now: string, after: string): string {
  const a = now.split('\n').filter((l) => l.startsWith('-A'));
  const b = after.split('\n').filter((l) => l.startsWith('-A'));
  const plus = b.filter((l) => !a.includes(l));
  const minus = a.filter((l) => !b.includes(l));
  return [...plus.map((l) => `+ ${l}`), ...minus.map((l) => `− ${l}`)].join('\n') || 'the same rules in another order';
}

/** The changes as one groupable text (pods with the same text change the same way). */
export function changeText(changes: readonly RestartChange[]): string {
  return changes.map((c) => c.headline).join('; ');
}
