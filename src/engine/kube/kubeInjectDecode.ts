/**
 * What istioctl kube-inject does to each document before injecting (`FromRawToObject`): look the
 * apiVersion/kind up in its scheme and decode the YAML into that Go type with sigs.k8s.io/yaml, so
 * unquoted `true` in an annotation becomes "true" and a malformed field fails the whole run.
 */
import type { JsonValue } from './sigsYamlWriter.ts';
import { typedRoundTrip, type TypedRoundTripIssue } from './typedRoundTrip.ts';
import { KUBE_INJECT_KINDS, KUBE_INJECT_SCHEME } from './workloadSchema.ts';

type JsonObject = { [key: string]: JsonValue };

export interface KubeInjectDecoded {
  /** The Go type the document decodes into (e.g. "Deployment"). */
  type: string;
  /** The object after the typed round trip. */
  value: JsonObject;
  /** Decoding errors; kube-inject fails with the first one. */
  errors: string[];
  /** The errors with the path of the offending value in the document, to point at it. */
  issues: TypedRoundTripIssue[];
}

/**
 * The Go type kube-inject decodes an object into: its exact group/version/kind, else its Kind alone
 * (any apiVersion); undefined when the scheme does not know the kind.
 */
export function kubeInjectTypeOf(value: JsonValue | Record<string, unknown>): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kind = String(value.kind ?? '');
  return KUBE_INJECT_SCHEME[`${String(value.apiVersion ?? '')}/${kind}`] ?? (Object.hasOwn(KUBE_INJECT_KINDS, kind) ? KUBE_INJECT_KINDS[kind] : undefined);
}

/** Decodes one YAML document's value as kube-inject would; undefined for kinds it copies verbatim. */
export function decodeForKubeInject(value: JsonValue): KubeInjectDecoded | undefined {
  const type = kubeInjectTypeOf(value);
  if (!type) return undefined;
  const r = typedRoundTrip(type, value, { fromYaml: true });
  return { type, value: r.value as JsonObject, errors: r.errors, issues: r.issues };
}
