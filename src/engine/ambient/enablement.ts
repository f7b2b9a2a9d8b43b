/**
 * istio-cni's enablement check (cni/pkg/util CompiledEnablementSelectors): hostNetwork pods and pods
 * with a sidecar never; otherwise the first `ambient.enablementSelectors` entry whose podSelector
 * matches the pod's labels AND whose namespaceSelector matches the namespace's labels enrolls it.
 * Labels only — annotations never count — and values compare exactly.
 */
import { labelSelectorAsSelector, selectorMatches, type LabelSelector, type Selector } from '../selectors/index.ts';
import type { AmbientNamespace, AmbientPod } from './pod.ts';
import { SIDECAR_STATUS } from './names.ts';
import type { EnablementSelector } from './settings.ts';

export interface CompiledSelector {
  index: number;
  pod: Selector;
  namespace: Selector;
  /** Whether each side was empty (omitted or `{}`): it then matches everything. */
  podEmpty: boolean;
  namespaceEmpty: boolean;
}

export interface CompiledSelectors {
  selectors: CompiledSelector[];
  /** Why the list cannot be compiled (NewCompiledEnablementSelectors fails on the first bad selector). */
  error?: string;
}

const isEmpty = (ls: LabelSelector | undefined) => !ls || (Object.keys(ls.matchLabels ?? {}).length === 0 && (ls.matchExpressions ?? []).length === 0);

/** Compiled lists by their source list: settings are shared by every pod of a scenario, so each list compiles once. */
const compiledCache = new WeakMap<readonly EnablementSelector[], CompiledSelectors>();

/** NewCompiledEnablementSelectors: an empty selector is Everything, the others go through LabelSelectorAsSelector. */
export function compileEnablementSelectors(list: readonly EnablementSelector[]): CompiledSelectors {
  const known = compiledCache.get(list);
  if (known) return known;
  const compiled = compile(list);
  compiledCache.set(list, compiled);
  return compiled;
}

function compile(list: readonly EnablementSelector[]): CompiledSelectors {
  const selectors: CompiledSelector[] = [];
  for (const [index, s] of list.entries()) {
    const sides: Selector[] = [];
    for (const [side, ls] of [['pod', s.podSelector], ['namespace', s.namespaceSelector]] as const) {
      if (isEmpty(ls)) {
        sides.push({ requirements: [], nothing: false });
        continue;
      }
      const converted = labelSelectorAsSelector(ls);
      if (!converted.selector) return { selectors, error: `enablement selector [${index}] ${side}Selector: ${converted.error}` };
      sides.push(converted.selector);
    }
    selectors.push({ index, pod: sides[0], namespace: sides[1], podEmpty: isEmpty(s.podSelector), namespaceEmpty: isEmpty(s.namespaceSelector) });
  }
  return { selectors };
}

export interface SelectorOutcome {
  index: number;
  podMatches: boolean;
  namespaceMatches: boolean;
  /** e.g. `podSelector: istio.io/dataplane-mode NotIn [none] (has istio.io/dataplane-mode=none) ✗`. */
  podText: string;
  namespaceText: string;
}

export type EnablementResult =
  | { matches: false; reason: 'HOST_NETWORK' }
  | { matches: false; reason: 'HAS_SIDECAR' }
  | { matches: false; reason: 'NO_SELECTOR_MATCH'; outcomes: SelectorOutcome[] }
  | { matches: true; reason: 'SELECTOR_MATCH'; selectorIndex: number; outcomes: SelectorOutcome[] };

/** A LabelSelector in words: `k=v`, `k NotIn [a, b]`, `k Exists`; `{}` when empty. */
export function describeLabelSelector(ls: LabelSelector | undefined): string {
  if (isEmpty(ls)) return '{} (everything)';
  const parts = Object.entries(ls!.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const e of ls!.matchExpressions ?? []) parts.push(e.values && e.values.length ? `${e.key} ${e.operator} [${e.values.join(', ')}]` : `${e.key} ${e.operator}`);
  return parts.join(', ');
}

/** What the labels say about the keys a selector reads: `(has k=v)` / `(no k)`. */
function seen(ls: LabelSelector | undefined, labels: Record<string, string>): string {
  if (isEmpty(ls)) return '';
  const keys = [...new Set([...Object.keys(ls!.matchLabels ?? {}), ...(ls!.matchExpressions ?? []).map((e) => e.key)])];
  return ` (${keys.map((k) => (k in labels ? `has ${k}=${labels[k]}` : `no ${k}`)).join(', ')})`;
}

function sideText(side: 'podSelector' | 'namespaceSelector', ls: LabelSelector | undefined, labels: Record<string, string>, matches: boolean): string {
  if (isEmpty(ls)) return `${side} {} (everything) → match`;
  return `${side}: ${describeLabelSelector(ls)}${seen(ls, labels)} ${matches ? '✓ → match' : '✗ → no match'}`;
}

/**
 * Matches(pod, namespace labels), with every selector's outcome so the trace can show why. Every
 * selector is evaluated for the explanation; the first full match is the one that decides.
 */
export function matchEnablement(
  pod: AmbientPod,
  namespace: AmbientNamespace,
  list: readonly EnablementSelector[],
  compiled: CompiledSelectors,
): EnablementResult {
  if (pod.hostNetwork) return { matches: false, reason: 'HOST_NETWORK' };
  if (SIDECAR_STATUS in pod.annotations) return { matches: false, reason: 'HAS_SIDECAR' };
  const outcomes: SelectorOutcome[] = compiled.selectors.map((c) => {
    const podMatches = selectorMatches(c.pod, pod.labels);
    const namespaceMatches = selectorMatches(c.namespace, namespace.labels);
    const src = list[c.index];
    return {
      index: c.index,
      podMatches,
      namespaceMatches,
      podText: sideText('podSelector', src.podSelector, pod.labels, podMatches),
      namespaceText: sideText('namespaceSelector', src.namespaceSelector, namespace.labels, namespaceMatches),
    };
  });
  const first = outcomes.find((o) => o.podMatches && o.namespaceMatches);
  return first ? { matches: true, reason: 'SELECTOR_MATCH', selectorIndex: first.index, outcomes } : { matches: false, reason: 'NO_SELECTOR_MATCH', outcomes };
}

/**
 * Whether the enablement check takes the pod (matchEnablement's `matches`), without writing out
 * every selector's outcome: for the callers that only ask (the data plane verdict, the delete path).
 */
export function enablementMatches(pod: AmbientPod, namespace: AmbientNamespace, compiled: CompiledSelectors): boolean {
  if (pod.hostNetwork || SIDECAR_STATUS in pod.annotations) return false;
  return compiled.selectors.some((c) => selectorMatches(c.pod, pod.labels) && selectorMatches(c.namespace, namespace.labels));
}

/** MatchesNamespace: whether relabelling a namespace re-queues its pods (selectors with an empty namespaceSelector are skipped). */
export function matchesNamespace(compiled: CompiledSelectors, labels: Record<string, string>): boolean {
  return compiled.selectors.some((c) => !c.namespaceEmpty && selectorMatches(c.namespace, labels));
}
