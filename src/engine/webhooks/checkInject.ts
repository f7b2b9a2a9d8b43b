import type { LabelSelector } from '../selectors/index.ts';
import { selectorMatches } from '../selectors/index.ts';
import { convertSelector } from './selectorCheck.ts';
import { byteOrder, type MutatingWebhook, type WebhookConfiguration } from './webhookConfiguration.ts';

/** One row of `istioctl x check-inject`: one Istio MutatingWebhookConfiguration. */
export interface CheckInjectRow {
  /** The configuration's metadata.name. */
  webhook: string;
  /** Its `istio.io/rev` label. */
  revision: string;
  injected: boolean;
  reason: string;
  /** The webhook whose selectors decided, when one did. */
  decidingWebhook?: string;
}

export interface CheckInjectReport {
  rows: CheckInjectRow[];
  /** check-inject's footer: more than one injecting row, or no Istio webhook at all. */
  footer?: string;
}

const DEACTIVATED_KEY = 'istio.io/deactivated';

/** check-inject looks only at configurations with a webhook named `...istio.io`. */
export const isIstioConfiguration = (c: WebhookConfiguration) => c.webhooks.some((w) => w.name.endsWith('istio.io'));

/** Whether a selector matched, and the label text check-inject quotes: the first In/NotIn key the object has. */
function matchedLabel(ls: LabelSelector, labels: Record<string, string>): { matched: boolean; label: string } {
  const converted = convertSelector(ls);
  if (!converted.selector || !selectorMatches(converted.selector, labels)) return { matched: false, label: '' };
  for (const e of ls.matchExpressions ?? []) {
    if ((e.operator === 'In' || e.operator === 'NotIn') && Object.prototype.hasOwnProperty.call(labels, e.key)) {
      return { matched: true, label: `${e.key}=${labels[e.key]}` };
    }
  }
  return { matched: true, label: '' };
}

function isNeverMatch(ls: LabelSelector): boolean {
  const keys = Object.keys(ls.matchLabels ?? {});
  return keys.length === 1 && ls.matchLabels![DEACTIVATED_KEY] === 'never-match' && !(ls.matchExpressions ?? []).length;
}

function inLabels(ls: LabelSelector): string[] {
  return (ls.matchExpressions ?? []).filter((e) => e.operator === 'In').flatMap((e) => (e.values ?? []).map((v) => `${e.key}=${v}`));
}

function analyze(webhooks: MutatingWebhook[], pod: Record<string, string>, ns: Record<string, string>): Omit<CheckInjectRow, 'webhook' | 'revision'> {
  for (const wh of webhooks) {
    const n = matchedLabel(wh.namespaceSelector, ns);
    const p = matchedLabel(wh.objectSelector, pod);
    if (n.matched && p.matched) {
      if (n.label && p.label) return { injected: true, reason: `Namespace label ${n.label} matches, and pod label ${p.label} matches`, decidingWebhook: wh.name };
      if (n.label) {
        const auto = n.label.includes('kubernetes.io/metadata.name') ? ' (Automatic injection is enabled in all namespaces).' : '';
        return { injected: true, reason: `Namespace label ${n.label} matches${auto}`, decidingWebhook: wh.name };
      }
      if (p.label) return { injected: true, reason: `Pod label ${p.label} matches`, decidingWebhook: wh.name };
    } else if (n.matched) {
      for (const e of wh.objectSelector.matchExpressions ?? []) {
        if (!Object.prototype.hasOwnProperty.call(pod, e.key)) continue;
        const v = pod[e.key];
        if (e.operator === 'DoesNotExist' || (e.operator === 'NotIn' && (e.values ?? []).includes(v))) {
          return { injected: false, reason: `Pod has ${e.key}=${v} label, preventing injection`, decidingWebhook: wh.name };
        }
      }
    } else if (p.matched) {
      const v = ns['istio-injection'];
      if (v !== undefined && v !== 'enabled') return { injected: false, reason: `Namespace has istio-injection=${v} label, preventing injection`, decidingWebhook: wh.name };
    }
  }
  if (webhooks.some((w) => isNeverMatch(w.namespaceSelector) && isNeverMatch(w.objectSelector))) {
    return { injected: false, reason: 'The injection webhook is deactivated, and will never match labels.' };
  }
  const nsLabels = webhooks.flatMap((w) => inLabels(w.namespaceSelector));
  const podLabels = webhooks.flatMap((w) => inLabels(w.objectSelector));
  return { injected: false, reason: `No matching namespace labels (${nsLabels.join(', ')}) or pod labels (${podLabels.join(', ')})` };
}

/**
 * What `istioctl x check-inject` reports for a pod and namespace with these labels: one row per
 * Istio configuration, sorted by name. It reads labels only (no annotations, no istiod policy).
 */
export function checkInject(configurations: WebhookConfiguration[], podLabels: Record<string, string>, namespaceLabels: Record<string, string>): CheckInjectReport {
  const rows = configurations
    .filter(isIstioConfiguration)
    .map((c): CheckInjectRow => ({ webhook: c.name, revision: c.labels['istio.io/rev'] ?? '', ...analyze(c.webhooks, podLabels, namespaceLabels) }))
    .sort((a, b) => byteOrder(a.webhook, b.webhook));
  let footer: string | undefined;
  if (!rows.length) footer = 'ERROR: no Istio injection hooks present.';
  else if (rows.filter((r) => r.injected).length > 1) footer = 'ERROR: multiple webhooks will inject, which can lead to errors';
  return footer ? { rows, footer } : { rows };
}
