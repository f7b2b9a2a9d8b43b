import type { LabelSelector, LabelSelectorExpression } from './labelSelector.ts';
import { parseSelector } from './parseSelector.ts';
import { requirementValues } from './requirement.ts';

/**
 * metav1.ParseToLabelSelector: the string form turned into a LabelSelector — `k=v` into
 * matchLabels, `in`/`notin`/exists/`!` into matchExpressions, `!=` into NotIn. `>`/`<` have no
 * LabelSelector spelling and are refused.
 */
export function parseToLabelSelector(text: string): { labelSelector?: LabelSelector; error?: string } {
  const parsed = parseSelector(text);
  if (!parsed.selector) return { error: `couldn't parse the selector string "${text}": ${parsed.error}` };
  const matchLabels: Record<string, string> = {};
  const matchExpressions: LabelSelectorExpression[] = [];
  for (const r of parsed.selector.requirements) {
    switch (r.operator) {
      case '=':
      case '==':
        matchLabels[r.key] = r.values[0];
        break;
      case 'in':
        matchExpressions.push({ key: r.key, operator: 'In', values: requirementValues(r) });
        break;
      case 'notin':
      case '!=':
        matchExpressions.push({ key: r.key, operator: 'NotIn', values: requirementValues(r) });
        break;
      case 'exists':
        matchExpressions.push({ key: r.key, operator: 'Exists' });
        break;
      case '!':
        matchExpressions.push({ key: r.key, operator: 'DoesNotExist' });
        break;
      default:
        return { error: `"${r.operator}" isn't supported in label selectors` };
    }
  }
  const labelSelector: LabelSelector = {};
  if (Object.keys(matchLabels).length) labelSelector.matchLabels = matchLabels;
  if (matchExpressions.length) labelSelector.matchExpressions = matchExpressions;
  return { labelSelector };
}
