/** Small helpers over plain pod JSON shared by the post-processing steps. */
export type Pod = Record<string, any>;
export type Container = Record<string, any>;

export const PROXY_CONTAINER = 'istio-proxy';

/** The istio-proxy container, wherever it is (containers or, as a native sidecar, initContainers). */
export function findProxy(pod: Pod): Container | undefined {
  return (pod.spec?.containers ?? []).find((c: Container) => c?.name === PROXY_CONTAINER)
    ?? (pod.spec?.initContainers ?? []).find((c: Container) => c?.name === PROXY_CONTAINER);
}

export function ensureMeta(pod: Pod): { labels: Record<string, string>; annotations: Record<string, string> } {
  pod.metadata ??= {};
  pod.metadata.labels ??= {};
  pod.metadata.annotations ??= {};
  return pod.metadata;
}

/** Appends or replaces an env var of a container. */
export function setEnv(container: Container, name: string, value: string): void {
  container.env ??= [];
  const existing = container.env.find((e: any) => e?.name === name);
  if (existing) {
    existing.value = value;
    delete existing.valueFrom;
  } else {
    container.env.push({ name, value });
  }
}
