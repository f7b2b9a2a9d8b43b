import type { Verdict } from '../../worker/protocol.ts';

/** What the picker needs of one workload's admission (a slice of ScenarioResult's). */
export interface PickableWorkload {
  kind: string;
  name: string;
  namespace: string;
  verdict: Verdict;
  /** The rule that decided the verdict, in the words the audit uses. */
  rule: string;
}

export interface WorkloadFilter {
  verdict: Verdict | 'all';
  /** A deciding rule, or '' for any. */
  rule: string;
  /** Words the kind, namespace/name must contain. */
  text: string;
}

export const ANY_WORKLOAD: WorkloadFilter = { verdict: 'all', rule: '', text: '' };

/** A deciding step as a rule name: istiod's steps say which revision decided. */
export function ruleName(decidingStep: string, step: { stage: string; title: string } | undefined): string {
  if (decidingStep === 'apiserver:none') return 'no injection webhook called';
  if (!step) return decidingStep;
  return step.stage === 'istiod' ? `istiod ${decidingStep.split(':')[1]}: ${step.title}` : step.title;
}

export interface WorkloadCounts {
  total: number;
  byVerdict: Record<Verdict, number>;
  /** Each deciding rule with how many workloads it decided, by verdict; most frequent first. */
  byRule: { rule: string; total: number; byVerdict: Record<Verdict, number> }[];
}

const zero = (): Record<Verdict, number> => ({ injected: 0, 'not-injected': 0, rejected: 0 });

export function countWorkloads(items: readonly PickableWorkload[]): WorkloadCounts {
  const byVerdict = zero();
  const rules = new Map<string, { rule: string; total: number; byVerdict: Record<Verdict, number> }>();
  for (const w of items) {
    byVerdict[w.verdict]++;
    let r = rules.get(w.rule);
    if (!r) rules.set(w.rule, (r = { rule: w.rule, total: 0, byVerdict: zero() }));
    r.total++;
    r.byVerdict[w.verdict]++;
  }
  return { total: items.length, byVerdict, byRule: [...rules.values()].sort((a, b) => b.total - a.total || a.rule.localeCompare(b.rule)) };
}

/** The indexes (into `items`) of the workloads the filter lets through, in order. */
export function filterWorkloads(items: readonly PickableWorkload[], f: WorkloadFilter): number[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  items.forEach((w, i) => {
    if (f.verdict !== 'all' && w.verdict !== f.verdict) return;
    if (f.rule && w.rule !== f.rule) return;
    const hay = `${w.kind} ${w.namespace}/${w.name}`.toLowerCase();
    if (words.every((x) => hay.includes(x))) out.push(i);
  });
  return out;
}
