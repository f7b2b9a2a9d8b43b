import { INJECT_KEY } from '../injectionPolicy/index.ts';
import type { LabelSelector } from '../selectors/index.ts';
import type { ScenarioIndex } from './scenarioIndex.ts';

/**
 * The label keys that can change any decision: those some webhook selector or injector selector
 * tests, plus sidecar.istio.io/inject. Undefined when a webhook has matchConditions (CEL may read
 * anything, so every label counts). Lets workloads that differ only in other labels share results.
 */
export function relevantLabelKeys(index: ScenarioIndex): Set<string> | undefined {
  if (!known.has(index)) known.set(index, collect(index));
  return known.get(index);
}

const known = new WeakMap<ScenarioIndex, Set<string> | undefined>();

function collect(index: ScenarioIndex): Set<string> | undefined {
  const keys = new Set<string>([INJECT_KEY]);
  const add = (ls: unknown) => {
    if (!ls || typeof ls !== 'object') return;
    const s = ls as LabelSelector;
    if (s.matchLabels && typeof s.matchLabels === 'object') for (const k of Object.keys(s.matchLabels)) keys.add(k);
    if (Array.isArray(s.matchExpressions)) for (const e of s.matchExpressions) if (e && typeof e === 'object') keys.add(String(e.key));
  };
  for (const { configuration } of index.configurations) {
    for (const w of configuration.webhooks) {
      if (w.matchConditions.length) return undefined;
      add(w.namespaceSelector);
      add(w.objectSelector);
    }
  }
  for (const c of index.injectorConfigs) [...c.read.config.neverInjectSelector, ...c.read.config.alwaysInjectSelector].forEach(add);
  return keys;
}

export function onlyKeys(labels: Record<string, string>, keys: Set<string> | undefined): Record<string, string> {
  if (!keys) return labels;
  return Object.fromEntries(Object.entries(labels).filter(([k]) => keys.has(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
