import { describe, expect, it } from 'vitest';
import { formatFieldError } from './fieldError.ts';
import { labelSelectorAsSelector, readLabelSelector, validateLabelSelector } from './labelSelector.ts';
import { selectorIsEmpty, selectorMatches, selectorString, validatedSelectorFromSet } from './selector.ts';

describe('labelSelectorAsSelector', () => {
  it('tells nil (match nothing) from empty (match everything)', () => {
    const nil = labelSelectorAsSelector(null).selector!;
    const empty = labelSelectorAsSelector({}).selector!;
    expect([selectorMatches(nil, {}), selectorIsEmpty(nil)]).toEqual([false, false]);
    expect([selectorMatches(empty, { a: 'b' }), selectorIsEmpty(empty)]).toEqual([true, true]);
  });

  it('ANDs matchLabels and matchExpressions, sorted by key', () => {
    const s = labelSelectorAsSelector({
      matchLabels: { z: '1' },
      matchExpressions: [{ key: 'a', operator: 'NotIn', values: ['false'] }],
    }).selector!;
    expect(selectorString(s)).toBe('a notin (false),z=1');
    expect(selectorMatches(s, { z: '1' })).toBe(true);
    expect(selectorMatches(s, { z: '1', a: 'false' })).toBe(false);
  });

  it.each([
    [{ matchExpressions: [{ key: 'a', operator: 'Equals', values: ['x'] }] }, '"Equals" is not a valid label selector operator'],
    [{ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }, "values set can't be empty"],
  ])('rejects %j', (ls, message) => {
    expect(labelSelectorAsSelector(ls).error).toContain(message);
  });
});

describe('validateLabelSelector', () => {
  it('words errors as the API server does, with field paths', () => {
    const errors = validateLabelSelector(
      { matchExpressions: [{ key: 'a', operator: 'In' }, { key: 'b', operator: 'Exists', values: ['x'] }, { key: 'c', operator: 'Has' }] },
      'webhooks[0].objectSelector',
    ).map(formatFieldError);
    expect(errors).toEqual([
      "webhooks[0].objectSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "webhooks[0].objectSelector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'webhooks[0].objectSelector.matchExpressions[2].operator: Invalid value: "Has": not a valid selector operator',
    ]);
  });
});

describe('readLabelSelector', () => {
  it('reports unquoted YAML booleans and reads their text', () => {
    const r = readLabelSelector({ matchLabels: { inject: false } });
    expect(r.selector).toEqual({ matchLabels: { inject: 'false' } });
    expect(r.problems[0]).toContain('must be a string');
  });
});

describe('validatedSelectorFromSet', () => {
  it('rejects a value longer than 63 characters at values[0][key]', () => {
    const r = validatedSelectorFromSet({ k: 'a'.repeat(64) });
    expect(r.errors.map((e) => e.field)).toEqual(['values[0][k]']);
  });
});
