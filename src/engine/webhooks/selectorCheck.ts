import type { SourceRef } from '../diagnostics.ts';
import { labelSelectorAsSelector, type ConvertedSelector, type LabelSelector } from '../selectors/index.ts';
import { requirementMatches, type Requirement } from '../selectors/index.ts';
import { selectorIsEmpty } from '../selectors/index.ts';

/** One requirement of a selector against the labels it was evaluated on. */
export interface RequirementCheck {
  /** The requirement as a LabelSelector writes it, e.g. `sidecar.istio.io/inject NotIn [false]`. */
  text: string;
  key: string;
  operator: string;
  values: string[];
  /** Whether the key is among the labels, and its value. */
  present: boolean;
  actual?: string;
  matched: boolean;
  /** Where the requirement is written in the webhook configuration (filled in by callers that know the text). */
  source?: SourceRef;
  /** Where the label it tested is written (likewise). */
  labelSource?: SourceRef;
}

export type SelectorOutcome = 'pass' | 'fail' | 'skip' | 'error';

export interface SelectorCheck {
  outcome: SelectorOutcome;
  /** Whether the selector has no requirements (matches everything). */
  empty: boolean;
  why: string;
  requirements: RequirementCheck[];
  /** The labels the selector saw (absent when it was not evaluated against any). */
  labels?: Record<string, string>;
}

const converted = new WeakMap<LabelSelector, ConvertedSelector>();

/** labelSelectorAsSelector, remembered per selector object (webhook selectors are read once and evaluated many times). */
export function convertSelector(ls: LabelSelector): ConvertedSelector {
  let c = converted.get(ls);
  if (!c) {
    c = labelSelectorAsSelector(ls);
    converted.set(ls, c);
  }
  return c;
}

/** Path (inside the selector) of the matchLabels entry or matchExpressions item a requirement came from. */
export function requirementOrigin(ls: LabelSelector, r: RequirementCheck): (string | number)[] | undefined {
  if (r.operator === '=' && ls.matchLabels && r.key in ls.matchLabels) return ['matchLabels', r.key];
  const op = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' }[r.operator];
  const i = (ls.matchExpressions ?? []).findIndex((e) => e.key === r.key && e.operator === op);
  return i < 0 ? undefined : ['matchExpressions', i];
}

/** matchExpressions spelling: `k In [a, b]`, `k DoesNotExist`; matchLabels entries as `k=v`. */
export function requirementText(r: Requirement): string {
  switch (r.operator) {
    case 'in':
      return `${r.key} In [${r.values.join(', ')}]`;
    case 'notin':
      return `${r.key} NotIn [${r.values.join(', ')}]`;
    case 'exists':
      return `${r.key} Exists`;
    case '!':
      return `${r.key} DoesNotExist`;
    default:
      return `${r.key}=${r.values[0] ?? ''}`;
  }
}

/** Evaluates a LabelSelector against labels requirement by requirement, for showing. */
export function checkSelector(ls: LabelSelector, labels: Record<string, string>, whose: string): SelectorCheck {
  const c = convertSelector(ls);
  if (!c.selector) return { outcome: 'error', empty: false, why: `the selector is invalid: ${c.error}`, requirements: [] };
  const s = c.selector;
  if (selectorIsEmpty(s)) return { outcome: 'pass', empty: true, why: 'the selector is empty, so it matches everything', requirements: [], labels };
  const requirements = s.requirements.map((r): RequirementCheck => {
    const present = Object.prototype.hasOwnProperty.call(labels, r.key);
    return {
      text: requirementText(r),
      key: r.key,
      operator: r.operator,
      values: r.values,
      present,
      ...(present ? { actual: labels[r.key] } : {}),
      matched: requirementMatches(r, labels),
    };
  });
  const failed = requirements.filter((x) => !x.matched);
  if (!failed.length) return { outcome: 'pass', empty: false, why: `${whose} labels meet ${requirements.map((x) => x.text).join(', ')}`, requirements, labels };
  const f = failed[0];
  const saw = f.present ? `has ${f.key}=${f.actual}` : `has no ${f.key} label`;
  return { outcome: 'fail', empty: false, why: `${whose} ${saw}, but the selector wants ${f.text}`, requirements, labels };
}
