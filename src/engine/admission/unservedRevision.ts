import type { LabelSelector } from '../selectors/index.ts';
import type { MutatingWebhook } from '../webhooks/index.ts';

const REV_KEY = 'istio.io/rev';

/** The istio.io/rev values an injection webhook's selectors accept (matchLabels or an In expression). */
function revisionsSelected(selector: LabelSelector | undefined): string[] {
  if (!selector) return [];
  const out: string[] = [];
  const label = selector.matchLabels?.[REV_KEY];
  if (typeof label === 'string') out.push(label);
  for (const e of selector.matchExpressions ?? []) {
    if (e.key === REV_KEY && e.operator === 'In') out.push(...(e.values ?? []));
  }
  return out;
}

export interface UnservedRevision {
  revision: string;
  /** Where the pod asks for it: the namespace's label or the pod's. */
  askedBy: 'namespace' | 'pod';
  /** The revisions (and revision tags) some injection webhook does serve, sorted. */
  served: string[];
}

/**
 * The root cause behind "no injection webhook is called" when the namespace (or, without a
 * namespace label, the pod) asks for a revision by istio.io/rev that no webhook selects: that
 * revision is not installed, or its tag was removed. The namespace's istio-injection label wins
 * over istio.io/rev in Istio's webhooks, so a namespace that has it asks for no revision.
 */
export function unservedRevision(
  injectorWebhooks: readonly MutatingWebhook[],
  namespaceLabels: Record<string, string>,
  podLabels: Record<string, string>,
): UnservedRevision | undefined {
  if (namespaceLabels['istio-injection'] !== undefined) return undefined;
  const fromNamespace = namespaceLabels[REV_KEY];
  const asked = fromNamespace ?? podLabels[REV_KEY];
  if (asked === undefined || asked === '') return undefined;
  const served = new Set<string>();
  for (const w of injectorWebhooks) {
    for (const r of [...revisionsSelected(w.namespaceSelector), ...revisionsSelected(w.objectSelector)]) served.add(r);
  }
  if (served.has(asked)) return undefined;
  return { revision: asked, askedBy: fromNamespace !== undefined ? 'namespace' : 'pod', served: [...served].sort() };
}
