/**
 * Istio's two overlay steps, as the injection pipeline calls them: `applyOverlay` (a rendered
 * template strategic-merged onto the pod, then decoded into corev1.Pod) and `applyContainer` (a
 * user's container merged back over the injected one, then decoded into corev1.Container).
 */
import type { JsonValue } from './sigsYamlWriter.ts';
import { strategicMerge } from './strategicMerge.ts';
import { typedRoundTrip } from './typedRoundTrip.ts';

type JsonObject = { [key: string]: JsonValue };

export interface OverlayResult {
  value?: JsonObject;
  /** The first error Go would report: from the merge, or from decoding the merged object. */
  error?: string;
}

/** Strategic merge of `overlay` onto `base` with the patch metadata of `typeName`, then the typed round trip. */
export function mergeOverlay(typeName: string, base: JsonValue, overlay: JsonValue): OverlayResult {
  const merged = strategicMerge(base, overlay, typeName);
  if (merged.error !== undefined || merged.value === undefined) return { error: merged.error ?? 'strategic merge failed' };
  const typed = typedRoundTrip(typeName, merged.value);
  if (typed.errors.length) return { error: typed.errors[0] };
  return { value: typed.value as JsonObject };
}

/**
 * Adapter for callers that expect a value or an exception (the injection engine wraps it in
 * try/catch): the merged, typed pod, or an Error carrying Go's message.
 */
export function strategicMergePod(pod: JsonValue, patch: JsonValue): JsonObject {
  const r = mergeOverlay('Pod', pod, patch);
  if (r.value === undefined) throw new Error(r.error);
  return r.value;
}

/** The user's container merged over the injected one (user wins). Falls back to `base` if the merge fails. */
export function strategicMergeContainer(base: JsonValue, user: JsonValue): JsonObject {
  const r = mergeOverlay('Container', base, user);
  return r.value ?? (typedRoundTrip('Container', base).value as JsonObject);
}
