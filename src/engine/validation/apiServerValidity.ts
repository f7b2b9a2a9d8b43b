/**
 * What the API server refuses about an object before anything else looks at it, said in its words:
 *
 * - the kind does not exist in the written apiVersion (kubectl: `no matches for kind "Pod" in version
 *   "apps/v1"`);
 * - a label or annotation value that YAML reads as a non-string: kubectl reads YAML as go-yaml v2
 *   does (YAML 1.1: unquoted `no`, `off`, `yes`, `on`, `y`, `1` are booleans or numbers), and a
 *   bool in `map[string]string` fails to decode (`json: cannot unmarshal bool into Go struct field
 *   ObjectMeta.metadata.labels of type string`);
 * - label keys and values, and annotation keys, that are not valid names (apimachinery's
 *   ValidateLabels / ValidateAnnotations), and annotations over 256 KiB in all.
 *
 * meshsim reads YAML 1.2, where an unquoted `no` is the string "no"; the scalar's own text is looked
 * at here so that what Kubernetes would refuse is said, not silently read as a string.
 */
import { isScalar, type Node, type Scalar } from 'yaml';
import { CLUSTER_CONFIG_TYPES, resolvePlainScalar, typedRoundTrip, type JsonValue } from '../kube/index.ts';
import { flowText, writtenAt } from './flowText.ts';
import { isQualifiedName, isValidLabelValue } from '../selectors/index.ts';
import type { SourceRef } from '../diagnostics.ts';
import type { YamlDocument } from '../yaml/index.ts';

export interface ApiServerRefusal {
  message: string;
  at?: SourceRef;
  /**
   * When the request fails: `decode` before the API server has an object (kubectl cannot convert
   * the YAML, or the apiVersion does not serve the kind), so no webhook is called; `validation`
   * after the mutating webhooks ran (apimachinery's ValidateObjectMeta runs after mutating admission).
   */
  phase: 'decode' | 'validation';
}

/** Built-in kinds meshsim reads, and the group/version each is served in. */
const SERVED: Record<string, string[]> = {
  Pod: ['v1'],
  Namespace: ['v1'],
  ConfigMap: ['v1'],
  Deployment: ['apps/v1'],
  StatefulSet: ['apps/v1'],
  DaemonSet: ['apps/v1'],
  ReplicaSet: ['apps/v1'],
  Job: ['batch/v1'],
  CronJob: ['batch/v1'],
  MutatingWebhookConfiguration: ['admissionregistration.k8s.io/v1'],
};

/** apimachinery's TotalAnnotationSizeLimitB. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

const encoder = new TextEncoder();

/** The YAML node at a path, to read how a scalar was written. */
function nodeAt(doc: YamlDocument, path: readonly (string | number)[]): Node | undefined {
  let node: unknown = doc.ast?.contents;
  for (const key of path) {
    const n = node as { items?: { key?: unknown; value?: unknown }[] } | undefined;
    if (!n?.items) return undefined;
    if (typeof key === 'number') node = (n.items[key] as unknown) ?? undefined;
    else node = n.items.find((p) => isScalar(p.key) && String(p.key.value) === key)?.value;
  }
  return node as Node | undefined;
}

/** The value node of key `key` in a map node (the first pair written with that key), as nodeAt finds it. */
function valueIn(map: Node | undefined, key: string): Node | undefined {
  const items = (map as { items?: { key?: unknown; value?: unknown }[] } | undefined)?.items;
  if (!items) return undefined;
  for (const p of items) if (isScalar(p.key) && String(p.key.value) === key) return p.value as Node | undefined;
  return undefined;
}

/** What go-yaml v2 reads a plain (unquoted) scalar as, when that is not a string. `node` finds the value's node (only a string's is needed). */
function goYamlNonString(node: () => Node | undefined, value: unknown): string | undefined {
  if (typeof value !== 'string') return typeof value === 'number' || typeof value === 'bigint' ? 'number' : typeof value === 'boolean' ? 'bool' : value === null ? undefined : 'object';
  const n = node();
  if (!isScalar(n) || n.type !== 'PLAIN') return undefined;
  return plainNonString(n, value);
}

function plainNonString(node: Scalar, value: string): string | undefined {
  const r = resolvePlainScalar(node.source ?? value);
  return r.tag === 'bool' ? 'bool' : r.tag === 'int' || r.tag === 'float' ? 'number' : undefined;
}

/** How a non-string value reads to a user: `a map`, `a list`, `the number 3`, `the bool true`. */
function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  return typeof v === 'boolean' ? `the bool ${v}` : `the number ${String(v)}`;
}

/** Go's json name for what it found where a string goes. */
function goKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : 'number';
}

/** The refusals of one object (its metadata and, for a workload, its pod template's). */
export function apiServerRefusals(doc: YamlDocument, path: readonly (string | number)[], value: Record<string, any>, templatePath?: readonly (string | number)[]): ApiServerRefusal[] {
  const out: ApiServerRefusal[] = [];
  const kind = typeof value.kind === 'string' ? value.kind : undefined;
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : undefined;
  if (kind && apiVersion !== undefined && Object.prototype.hasOwnProperty.call(SERVED, kind) && !SERVED[kind].includes(apiVersion)) {
    out.push({
      message: `the API server has no ${kind} in ${apiVersion} (kubectl: no matches for kind "${kind}" in version "${apiVersion}"); a ${kind} is apiVersion ${SERVED[kind].join(' or ')}`,
      at: doc.locate([...path, 'apiVersion']),
      phase: 'decode',
    });
  }
  for (const field of ['apiVersion', 'kind'] as const) {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      out.push({ message: `${field} is ${describe(v)}, not a string, so kubectl cannot tell what the object is (json: cannot unmarshal ${goKind(v)} into Go struct field TypeMeta.${field} of type string)`, at: doc.locate([...path, field]), phase: 'decode' });
    }
  }
  const unsendable = nonFiniteNumber(doc, path);
  if (unsendable) out.push(unsendable);
  out.push(...undecodableFields(doc, path, value, kind));
  const metas: [readonly (string | number)[], string][] = [[['metadata'], 'metadata']];
  if (templatePath?.length) metas.push([[...templatePath, 'metadata'], `${templatePath.join('.')}.metadata`]);
  for (const [rel, field] of metas) {
    let meta: any = value;
    for (const k of rel) meta = meta?.[k];
    if (!meta || typeof meta !== 'object') continue;
    for (const key of ['name', 'generateName', 'namespace'] as const) {
      const v = meta[key];
      if (v === undefined || v === null || typeof v === 'string') continue;
      const quote = typeof v !== 'object' ? `; quote it: "${String(v)}"` : '';
      out.push({ message: `${field}.${key} is ${describe(v)}, not a string, and the API server refuses the object (json: cannot unmarshal ${goKind(v)} into Go struct field ObjectMeta.${field}.${key} of type string)${quote}`, at: doc.locate([...path, ...rel, key]), phase: 'decode' });
    }
    for (const which of ['labels', 'annotations'] as const) {
      const map = meta[which];
      if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
      let total = 0;
      // The map's node is found once; each value's node is looked up in it, and a value's place in
      // the text only when there is something to say about it.
      const mapPath = [...path, ...rel, which];
      let mapNode: Node | undefined | null = null;
      const valueNode = (k: string) => {
        if (mapNode === null) mapNode = nodeAt(doc, mapPath);
        return valueIn(mapNode, k);
      };
      for (const [k, v] of Object.entries(map)) {
        const located: { at?: SourceRef } = {};
        const atOf = () => ('at' in located ? located.at : (located.at = doc.locate([...mapPath, k])));
        const nonString = goYamlNonString(() => valueNode(k), v);
        if (nonString) {
          const scalar = typeof v !== 'object' || v === null;
          const shown = scalar ? String(v) : JSON.stringify(v).slice(0, 80);
          const fix = scalar ? `; quote it: "${String(v)}"` : '';
          out.push({ message: `${field}.${which}: ${k}: ${shown} is read by kubectl as ${nonString === 'object' ? (Array.isArray(v) ? 'a list' : 'a map') : `a ${nonString}`}, and the API server refuses the object (json: cannot unmarshal ${Array.isArray(v) ? 'array' : nonString} into Go struct field ObjectMeta.${field}.${which} of type string)${fix}`, at: atOf(), phase: 'decode' });
          continue;
        }
        const text = typeof v === 'string' ? v : '';
        // Only annotations have a size limit in all (apimachinery's TotalAnnotationSizeLimitB).
        if (which === 'annotations') total += encoder.encode(k).length + encoder.encode(text).length;
        const keyProblems = isQualifiedName(which === 'annotations' ? k.toLowerCase() : k);
        for (const msg of keyProblems) out.push({ message: `${field}.${which}: Invalid value: ${JSON.stringify(k)}: ${msg}`, at: doc.locate(mapPath) ?? atOf(), phase: 'validation' });
        if (which === 'labels') for (const msg of isValidLabelValue(text)) out.push({ message: `${field}.${which}: Invalid value: ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}: ${msg}`, at: atOf(), phase: 'validation' });
      }
      if (which === 'annotations' && total > TOTAL_ANNOTATION_SIZE_LIMIT) {
        out.push({ message: `${field}.annotations: Too long: must have at most ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes`, at: doc.locate([...path, ...rel, which]), phase: 'validation' });
      }
    }
  }
  return out;
}

/** The kinds besides workloads whose fields the API server decodes into Go types meshsim knows. */
const DECODED_KINDS = new Set(['MutatingWebhookConfiguration', 'Namespace', 'ConfigMap']);

/**
 * What the API server cannot decode in a webhook configuration, Namespace or ConfigMap (outside
 * metadata, checked above): a map or list where a string goes (a webhook's name, a selector value,
 * a ConfigMap's data), a string where a number goes. encoding/json fails on the first; each is said,
 * at its value, with the value as written.
 */
function undecodableFields(doc: YamlDocument, path: readonly (string | number)[], value: Record<string, any>, kind: string | undefined): ApiServerRefusal[] {
  if (!kind || !DECODED_KINDS.has(kind)) return [];
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'metadata' && k !== 'apiVersion' && k !== 'kind') body[k] = v;
  const { issues } = typedRoundTrip(kind, body as JsonValue, { table: CLUSTER_CONFIG_TYPES });
  return issues.slice(0, 20).map((issue) => {
    const { where, found } = writtenAt(value, issue.path);
    const shown = found === undefined ? '' : `${where}: ${flowText(found)}: `;
    return { message: `${shown}${issue.message}`, at: doc.locate([...path, ...issue.path]) ?? doc.locate(path), phase: 'decode' as const };
  });
}

/** A plain scalar that may be a YAML 1.1 infinity or NaN (`.inf`, `-.Inf`, `.NaN`): checked further by Go's resolver. */
const MAYBE_NON_FINITE = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;

/**
 * The first number JSON cannot carry: kubectl converts the YAML to JSON before sending it, and an
 * infinity or NaN (which go-yaml reads from `.inf`, `.nan`) makes that conversion fail, so the
 * object never reaches the API server. Walks the object's nodes without recursion.
 */
function nonFiniteNumber(doc: YamlDocument, path: readonly (string | number)[]): ApiServerRefusal | undefined {
  const root = path.length ? nodeAt(doc, path) : (doc.ast?.contents as Node | null | undefined);
  const stack: unknown[] = root ? [root] : [];
  while (stack.length) {
    const node = stack.pop() as { items?: unknown[]; key?: unknown; value?: unknown } | null;
    if (!node || typeof node !== 'object') continue;
    if (isScalar(node)) {
      const text = node.source;
      // `.`, `+` or `-` first: most scalars are ruled out before the pattern is tried.
      if (node.type !== 'PLAIN' || typeof text !== 'string') continue;
      const first = text.charCodeAt(0);
      if ((first !== 0x2e && first !== 0x2b && first !== 0x2d) || !MAYBE_NON_FINITE.test(text)) continue;
      const r = resolvePlainScalar(text);
      if (r.tag !== 'float' || Number.isFinite(r.value)) continue;
      const shown = Number.isNaN(r.value) ? 'NaN' : r.value > 0 ? '+Inf' : '-Inf';
      const at = node.range ? doc.locateOffset?.(node.range[0]) : undefined;
      return {
        message: `${text} is a YAML ${Number.isNaN(r.value) ? 'NaN' : 'infinity'}, which JSON cannot carry, so kubectl cannot send the object (error converting YAML to JSON: json: unsupported value: ${shown}); quote it if it is meant as text: "${text}"`,
        ...(at ? { at } : {}),
        phase: 'decode',
      };
    }
    if (Array.isArray(node.items)) for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    else if ('key' in node || 'value' in node) stack.push(node.value, node.key);
  }
  return undefined;
}
