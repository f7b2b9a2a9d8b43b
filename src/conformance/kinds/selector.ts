import { isDeepStrictEqual } from 'node:util';
import {
  labelSelectorAsSelector,
  parseSelector,
  readLabelSelector,
  requirementValues,
  selectorFromRequirements,
  selectorFromSet,
  selectorIsEmpty,
  selectorMatches,
  selectorString,
  validatedSelectorFromSet,
  type FieldError,
  type Selector,
} from '../../engine/selectors/index.ts';
import type { KindChecker } from '../types.ts';

interface Built {
  selector?: Selector;
  errors?: FieldError[];
  error?: string;
}

function build(input: any): Built {
  switch (input.form) {
    case 'string':
      return parseSelector(String(input.string ?? ''));
    case 'labelSelector': {
      const read = readLabelSelector(input.labelSelector);
      if (read.problems.length) return { error: read.problems.join('; ') };
      return labelSelectorAsSelector(read.selector);
    }
    case 'requirements':
      return selectorFromRequirements(input.requirements ?? []);
    case 'set':
      return { selector: selectorFromSet(input.set) };
    case 'validatedSet':
      return validatedSelectorFromSet(input.set);
    default:
      return { error: `unknown input form ${JSON.stringify(input.form)}` };
  }
}

/** Builds the selector from the case's input form and compares every property the case states. */
export const checkSelector: KindChecker = (c) => {
  const { input, expected } = c.spec;
  const built = build(input);
  const diffs: string[] = [];
  const valid = built.selector !== undefined && !built.error;
  const compare = (what: string, want: unknown, got: unknown) => {
    if (!isDeepStrictEqual(want, got)) diffs.push(`  ${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  compare('valid', expected.valid, valid);
  if (!valid && expected.valid) diffs.push(`  error: ${built.error}`);
  if (expected.errors) {
    compare('errors', expected.errors, (built.errors ?? []).map((e) => ({ type: e.type, field: e.field, badValue: e.badValue })));
  }
  const s = built.selector;
  if (valid && s) {
    if ('matches' in expected) compare('matches', expected.matches, selectorMatches(s, input.labels ?? {}));
    if ('string' in expected) compare('string', expected.string, selectorString(s));
    if ('empty' in expected) compare('empty', expected.empty, selectorIsEmpty(s));
    if ('matchesNothing' in expected) compare('matchesNothing', expected.matchesNothing, s.nothing);
    if (expected.requirements) {
      compare('requirements', expected.requirements, s.requirements.map((r) => ({ key: r.key, operator: r.operator, values: requirementValues(r) })));
    }
  }
  return diffs.length ? { pass: false, diff: diffs.join('\n') } : { pass: true };
};
