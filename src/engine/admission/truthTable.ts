import { injectorTargetOf, isInjectorWebhook } from '../injectionPolicy/index.ts';
import { namespaceLabelsAsServed, podCreateRequest } from '../webhooks/index.ts';
import { evaluateWebhooks, selectorMemo } from '../webhooks/index.ts';
import type { WebhookConfiguration } from '../webhooks/index.ts';

/** One combination of the injection labels, and the injection webhooks the API server would call for it. */
export interface TruthTableRow {
  /** The injection labels of this row (other labels of the user's namespace and pod are kept). */
  namespaceLabels: Record<string, string>;
  podLabels: Record<string, string>;
  /** Injection webhooks called, as `configuration/webhook`, with the revision each reaches. */
  called: { configuration: string; webhook: string; revision: string }[];
  /** Whether this row is the user's own namespace and pod. */
  current: boolean;
}

export interface TruthTable {
  rows: TruthTableRow[];
  /** The label combinations are the ones these webhooks' selectors test; istiod's own checks are not part of it. */
  note: string;
}

const NS_KEYS = ['istio-injection', 'istio.io/rev'];
const POD_KEYS = ['sidecar.istio.io/inject', 'istio.io/rev'];
/** Hostile input: at most this many rows. */
const MAX_ROWS = 400;

function valuesTested(configurations: WebhookConfiguration[], which: 'namespaceSelector' | 'objectSelector', key: string): string[] {
  const values = new Set<string>();
  for (const c of configurations) {
    for (const w of c.webhooks) {
      const sel = w[which];
      for (const e of sel.matchExpressions ?? []) if (e.key === key) for (const v of e.values ?? []) values.add(v);
      const v = sel.matchLabels?.[key];
      if (v !== undefined) values.add(v);
    }
  }
  if (key === 'istio-injection') values.add('disabled');
  if (key === 'sidecar.istio.io/inject') ['true', 'false'].forEach((v) => values.add(v));
  return [...values].sort();
}

/** Each option sets at most one of the keys (or none), keeping the user's other labels. */
function options(base: Record<string, string>, keys: string[], valuesOf: (k: string) => string[]): Record<string, string>[] {
  const stripped = Object.fromEntries(Object.entries(base).filter(([k]) => !keys.includes(k)));
  const out = [stripped];
  for (const k of keys) for (const v of valuesOf(k)) out.push({ ...stripped, [k]: v });
  return out;
}

/** The labels as one comparable string, whatever order they were written in. */
const canonical = (a: Record<string, string>) => JSON.stringify(Object.entries(a).sort());

/**
 * The precedence table users ask for: for every combination of the labels the injection webhooks
 * test (namespace × pod), which injectors the API server calls. The user's own combination is
 * always included and marked.
 */
export function injectionTruthTable(configurations: WebhookConfiguration[], namespace: string, namespaceLabels: Record<string, string>, podLabels: Record<string, string>): TruthTable {
  const nsOptions = options(namespaceLabels, NS_KEYS, (k) => valuesTested(configurations, 'namespaceSelector', k));
  const podOptions = options(podLabels, POD_KEYS, (k) => valuesTested(configurations, 'objectSelector', k));
  // Each combination is compared with the user's once, as a canonical string, not once per row.
  const nsCurrent = canonical(namespaceLabels);
  const podCurrent = canonical(podLabels);
  const nsIsCurrent = nsOptions.map((o) => canonical(o) === nsCurrent);
  const podIsCurrent = podOptions.map((o) => canonical(o) === podCurrent);
  if (!nsIsCurrent.includes(true)) {
    nsOptions.push(namespaceLabels);
    nsIsCurrent.push(true);
  }
  if (!podIsCurrent.includes(true)) {
    podOptions.push(podLabels);
    podIsCurrent.push(true);
  }
  const rows: TruthTableRow[] = [];
  // Each selector is checked once per label combination of its side, not once per row.
  const memo = selectorMemo();
  nsOptions.forEach((ns, i) => {
    const served = namespaceLabelsAsServed(namespace, ns);
    podOptions.forEach((pod, j) => {
      if (rows.length >= MAX_ROWS) return;
      const request = podCreateRequest(namespace, ns, { kind: 'Pod', labels: pod });
      request.namespaceLabels = served;
      const called = evaluateWebhooks(configurations, request, memo)
        .filter((e) => e.called)
        .flatMap((e) => {
          const c = configurations.find((x) => x.name === e.configuration)!;
          const w = c.webhooks[e.webhookIndex];
          return isInjectorWebhook(w) ? [{ configuration: e.configuration, webhook: e.webhook, revision: injectorTargetOf(w, c.labels).revision }] : [];
        });
      rows.push({ namespaceLabels: ns, podLabels: pod, called, current: nsIsCurrent[i] && podIsCurrent[j] });
    });
  });
  return { rows, note: "labels only: the API server's choice of webhooks; istiod's checks (annotations, hostNetwork, policy) come after" };
}
