import type { GoFunc, GoValue } from '../gotemplate/index.ts';
import type { Container, Pod } from './postprocess/containers.ts';

/**
 * What the injection pipeline needs from the template interpreter and the Kubernetes machinery. The
 * default implementation (defaultEngine.ts) binds src/engine/gotemplate and src/engine/kube; tests may
 * pass their own.
 */
export interface InjectionEngine {
  /**
   * Parses and executes one template with Istio's functions over sprig's; errors worded as Go's.
   * `withoutSprig` names sprig functions the release's sprig does not have yet.
   */
  render(name: string, text: string, data: GoValue, funcs: Record<string, GoFunc>, withoutSprig?: readonly string[]): { output: string } | { error: string; line?: number; column?: number };
  /** Parses a template without running it (istiod parses every template of the config at load time). */
  checkTemplate(name: string, text: string, funcs: Record<string, GoFunc>, withoutSprig?: readonly string[]): { error?: string; line?: number; column?: number };
  /** YAML text → JSON data as sigs.k8s.io/yaml reads it (one injection's views may get the same value for the same text: read it, never change it). */
  parseYaml(text: string): { value: unknown } | { error: string };
  /** sigs.k8s.io/yaml's Marshal of JSON data. */
  toYaml(value: unknown): string;
  /** Strategic merge patch of `patch` onto `pod` with the Pod schema's patch metadata, decoded into corev1.Pod (typed, as applyOverlay leaves it). */
  mergePod(pod: Pod, patch: Pod): { value: Pod } | { error: string };
  /** Strategic merge of one user container over an injected one (user wins). */
  mergeContainer(base: Container, user: Container): Container;
  /**
   * Decode into a typed corev1.Pod and encode again (unknown fields, nulls and omitempty zeros
   * vanish); a new pod, the input unchanged. Field names match as encoding/json matches them
   * (ignoring case when no exact name fits), or with `caseSensitive` exactly, as the API server's
   * decoder does.
   */
  roundTripPod(pod: Pod, options?: { caseSensitive?: boolean }): Pod;
  /**
   * The same round trip for a whole kube-inject object (Deployment, CronJob, List, ...). With
   * `zeroTimeAsNull`, as apimachinery before v0.34 (Istio ≤ 1.27) encodes it: every ObjectMeta
   * writes a zero creationTimestamp as null.
   */
  roundTripObject(obj: Record<string, unknown>, options?: { zeroTimeAsNull?: boolean }): Record<string, unknown>;
  /** JSON of a corev1.Container in Go struct field order. */
  containerJSON(container: Container): string;
}
