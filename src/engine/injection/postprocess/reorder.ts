import { PROXY_CONTAINER, type Container, type Pod } from './containers.ts';

/**
 * Final container order: istio-proxy last in `containers` (first when the app must wait for it);
 * as a native sidecar, init containers go istio-init, istio-validation, istio-proxy, enable-core-dump,
 * then the rest; otherwise istio-validation first and istio-init / enable-core-dump last.
 */
export function reorderContainers(pod: Pod, holdApplication: boolean): void {
  const spec = pod.spec;
  if (!spec) return;
  if (Array.isArray(spec.containers)) {
    const proxy = spec.containers.filter((c: Container) => c?.name === PROXY_CONTAINER);
    const rest = spec.containers.filter((c: Container) => c?.name !== PROXY_CONTAINER);
    if (proxy.length) spec.containers = holdApplication ? [...proxy, ...rest] : [...rest, ...proxy];
  }
  if (!Array.isArray(spec.initContainers)) return;
  const inits: Container[] = spec.initContainers;
  const named = (n: string) => inits.filter((c) => c?.name === n);
  const others = inits.filter((c) => !['istio-init', 'istio-validation', PROXY_CONTAINER, 'enable-core-dump'].includes(c?.name));
  if (inits.some((c) => c?.name === PROXY_CONTAINER)) {
    spec.initContainers = [...named('istio-init'), ...named('istio-validation'), ...named(PROXY_CONTAINER), ...named('enable-core-dump'), ...others];
  } else {
    spec.initContainers = [...named('istio-validation'), ...others, ...named('istio-init'), ...named('enable-core-dump')];
  }
}
