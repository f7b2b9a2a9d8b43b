import { stringify } from 'yaml';
import { fieldPath } from '../kube/index.ts';

/** Characters of a value shown in a message; the rest is cut with an ellipsis. */
const SHOWN = 120;

/**
 * A value as the user wrote it, in YAML's flow form on one line (`{a: {b: 1}}`, `[1, x]`, `"a b"`
 * stays `a b`), cut at 120 characters: how a message shows a map or list that stands where a
 * string goes, instead of JavaScript's `[object Object]`.
 */
export function flowText(value: unknown): string {
  if (typeof value === 'string') return cut(value);
  let text: string;
  try {
    text = stringify(value, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false }).trimEnd();
  } catch {
    text = Array.isArray(value) ? '[…]' : '{…}';
  }
  return cut(text);
}

/**
 * Where `path` leads inside a decoded `value`, written as a field path (`webhooks[0].name`), and
 * what stands there: how a decode error names the value it could not take.
 */
export function writtenAt(value: unknown, path: readonly (string | number)[]): { where: string; found: unknown } {
  let found: unknown = value;
  for (const k of path) found = (found as Record<string | number, unknown> | undefined)?.[k];
  return { where: fieldPath(path), found };
}

function cut(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}
