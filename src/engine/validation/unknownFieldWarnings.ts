/**
 * Unknown fields, as the API server's field validation reports them. Since Kubernetes 1.25 the
 * server checks every create, update and patch for fields its types do not have (and for
 * duplicates): asked nothing, it drops them and answers `Warning: unknown field "…"`
 * (fieldValidation=Warn, the server's default, which controllers and most API clients get);
 * kubectl sends fieldValidation=Strict (`--validate=strict`, its default, also `true`) and the
 * request fails: `strict decoding error: unknown field "…"`. meshsim says it as a warning, with
 * both answers.
 *
 * Only the built-in kinds whose Go types the struct table holds are checked (a Pod and its
 * controllers in the apiVersion that serves them); a custom resource's schema is not known here.
 * Duplicate fields are refused earlier, as YAML errors (kubectl's YAML reader refuses a key written
 * twice before any request is made).
 */
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { SourceRef } from '../diagnostics.ts';
import { unknownFields } from '../kube/index.ts';
import type { YamlDocument } from '../yaml/index.ts';

/** The kinds checked, each in the apiVersion that serves it. */
const CHECKED: Record<string, string> = {
  Pod: 'v1',
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
};

/** At most this many are said one by one; the rest are counted. */
const SAID = 10;

export interface UnknownFieldWarning {
  message: string;
  at?: SourceRef;
}

/** Where a field's key is written (the key, not its value: the key is what is wrong). */
function keyAt(doc: YamlDocument, path: readonly (string | number)[]): SourceRef | undefined {
  let node: unknown = doc.ast?.contents;
  for (const [i, key] of path.entries()) {
    if (isSeq(node) && typeof key === 'number') node = node.items[key];
    else if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
      if (i === path.length - 1 && pair && isScalar(pair.key) && pair.key.range) {
        const [start, end] = [doc.locateOffset?.(pair.key.range[0]), doc.locateOffset?.(pair.key.range[1])];
        return start && end ? { ...start, endLine: end.line, endColumn: end.column } : start;
      }
      node = pair?.value as Node | undefined;
    } else return undefined;
  }
  return undefined;
}

/** The unknown fields of one object, each a warning at its key. */
export function unknownFieldWarnings(doc: YamlDocument, path: readonly (string | number)[], value: Record<string, any>): UnknownFieldWarning[] {
  const kind = typeof value.kind === 'string' ? value.kind : '';
  if (!Object.hasOwn(CHECKED, kind) || value.apiVersion !== CHECKED[kind]) return [];
  const found = unknownFields(kind, value, { limit: SAID + 1000 });
  const out: UnknownFieldWarning[] = found.slice(0, SAID).map((u) => ({
    message:
      `unknown field "${u.field}"${u.meant ? ` (did you mean ${u.meant}?${u.meant.toLowerCase() === String(u.path.at(-1)).toLowerCase() ? ' Field names are case-sensitive.' : ''})` : ''}: ` +
      `Kubernetes' ${kind} has no such field, so the API server drops it, by default with "Warning: unknown field"; ` +
      `kubectl apply and create validate strictly by default (--validate=strict) and are refused instead ("strict decoding error: unknown field")`,
    at: keyAt(doc, [...path, ...u.path]) ?? doc.locate([...path, ...u.path]) ?? doc.locate(path),
  }));
  if (found.length > SAID) out.push({ message: `${found.length - SAID}${found.length >= SAID + 1000 ? ' or more' : ''} more unknown fields in this ${kind}, dropped the same way`, at: doc.locate(path) });
  return out;
}
