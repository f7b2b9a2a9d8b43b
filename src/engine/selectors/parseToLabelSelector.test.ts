import { describe, expect, it } from 'vitest';
import { labelSelectorAsSelector } from './labelSelector.ts';
import { parseToLabelSelector } from './parseToLabelSelector.ts';
import { selectorString } from './selector.ts';

describe('parseToLabelSelector', () => {
  it.each([
    ['never', { matchExpressions: [{ key: 'never', operator: 'Exists' }] }],
    ['app=web,tier!=db', { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }] }],
    ['!x, y in (b,a)', { matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }, { key: 'y', operator: 'In', values: ['a', 'b'] }] }],
    ['', {}],
  ])('%j', (text, want) => {
    expect(parseToLabelSelector(text).labelSelector).toEqual(want);
  });

  it('refuses comparisons, which LabelSelector cannot express', () => {
    expect(parseToLabelSelector('x>1').error).toBe('"gt" isn\'t supported in label selectors');
  });

  it('round-trips through LabelSelectorAsSelector', () => {
    const ls = parseToLabelSelector('a in (x,y),b,!c,d=e').labelSelector!;
    expect(selectorString(labelSelectorAsSelector(ls).selector!)).toBe('a in (x,y),b,!c,d=e');
  });
});
