import type { ReleaseChoice } from '../../releases/index.ts';
import { BUILTIN_TAG, builtinValues } from './defaultValues.ts';

/** The proxy image meshsim's built-in install writes: its values' hub, proxy image and master's tag. */
export function builtinProxyImage(): string {
  const global = builtinValues().global as { hub: string; proxy: { image: string } };
  return `${global.hub}/${global.proxy.image}:${BUILTIN_TAG}`;
}

/**
 * What a user who chose another release must know when the pod is injected with meshsim's
 * built-in install: the install is Istio master's chart, so the patched pod has master's templates
 * and master's proxy image tag, while istiod's Go behaviour is the chosen release's. Undefined when
 * the release is master (nothing to say). The app's Patched pod panel and `meshsim inject` /
 * `meshsim check` print this sentence, each followed by how to give their own install.
 */
export function masterChartNote(release: Pick<ReleaseChoice, 'name' | 'label'>): string | undefined {
  if (release.name === 'master') return undefined;
  return `meshsim's built-in install is Istio master's chart: ${release.label}'s istiod is simulated, but the templates it renders and the proxy image they write (${builtinProxyImage()}) are master's, not ${release.name}'s.`;
}
