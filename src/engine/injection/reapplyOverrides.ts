import { cloneJson } from '../kube/index.ts';
import { PROXY_CONTAINER, type Container, type Pod } from './postprocess/containers.ts';
import { parseStatus, STATUS_ANNOTATION } from './stripPod.ts';

export const OVERRIDES_ANNOTATION = 'proxy.istio.io/overrides';

export interface Overrides {
  containers?: Container[];
  initContainers?: Container[];
}

export function parseOverrides(text: string | undefined): { overrides?: Overrides; error?: string } {
  if (text === undefined) return {};
  try {
    const v = JSON.parse(text);
    return { overrides: v && typeof v === 'object' ? v : {} };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The templates must see the user's own containers even on re-injection, when stripping the injected
 * ones also removed them: containers recorded in proxy.istio.io/overrides are put back (template data only).
 */
export function reinsertOverrides(pod: Pod): Pod {
  const { overrides } = parseOverrides(pod.metadata?.annotations?.[OVERRIDES_ANNOTATION]);
  if (!overrides) return pod;
  const out = cloneJson(pod);
  out.spec ??= {};
  for (const list of ['containers', 'initContainers'] as const) {
    for (const c of overrides[list] ?? []) {
      const present: Container[] = out.spec[list] ?? [];
      if (present.some((x) => x?.name === c?.name)) continue;
      out.spec[list] = [...present, cloneJson(c)];
    }
  }
  return out;
}

/**
 * A user who declares a container the template also injects (istio-proxy, istio-init) keeps their
 * settings: their container is merged back over the injected one. On first injection the user's
 * containers are recorded in proxy.istio.io/overrides so a later re-injection can re-apply them.
 */
export function reapplyOverwrittenContainers(
  merged: Pod,
  original: Pod,
  templatePod: Pod,
  mergeContainer: (base: Container, user: Container) => Container,
  /**
   * 1.22.0: a user container with a securityContext merged over a template container whose
   * runAsUser is set and not 1337 loses its runAsUser and runAsGroup (releases.md §6.3).
   */
  dropUserRunAsUser = false,
): { error?: string; recorded?: Overrides } {
  const annotations = original.metadata?.annotations ?? {};
  const status = parseStatus(annotations[STATUS_ANNOTATION]);
  const { overrides, error } = parseOverrides(annotations[OVERRIDES_ANNOTATION]);
  if (error) return { error };
  const recorded: Overrides = {};
  const apply = (list: 'containers' | 'initContainers') => {
    for (const injected of templatePod.spec?.[list] ?? []) {
      const name = injected?.name;
      // Only the same list counts: a proxy that moved from containers to initContainers (native
      // sidecars) is not "previously injected" and the old one is re-applied as a user override.
      if ((status?.[list] ?? []).includes(name)) continue;
      let user: Container | undefined = overrides?.[list]?.find((c) => c?.name === name);
      if (!user) {
        const pools = list === 'containers' ? [original.spec?.containers] : [original.spec?.initContainers, original.spec?.containers];
        for (const pool of pools) {
          user = (pool ?? []).find((c: Container) => c?.name === name);
          if (user) break;
        }
      }
      if (!user) continue;
      const userCopy = cloneJson(user);
      // `image: auto` asks for the injected image; it is not an override.
      if (userCopy.image === 'auto') delete userCopy.image;
      const templateUser = injected?.securityContext?.runAsUser;
      if (dropUserRunAsUser && userCopy.securityContext && templateUser !== undefined && templateUser !== null && templateUser !== 1337) {
        delete userCopy.securityContext.runAsUser;
        delete userCopy.securityContext.runAsGroup;
      }
      for (const where of ['containers', 'initContainers'] as const) {
        const targets: Container[] = merged.spec?.[where] ?? [];
        const at = targets.findIndex((c) => c?.name === name);
        if (at >= 0) {
          targets[at] = mergeContainer(targets[at], userCopy);
          break;
        }
      }
      (recorded[list] ??= []).push(userCopy);
    }
  };
  apply('containers');
  apply('initContainers');
  const any = (recorded.containers?.length ?? 0) + (recorded.initContainers?.length ?? 0) > 0;
  return { recorded: any && !status ? recorded : undefined };
}

/**
 * A user istio-proxy that sets runAsUser/runAsGroup: under TPROXY the proxy must stay root; otherwise
 * the CNI validation container follows the user's identity, and iptables' `-u` excludes that UID.
 */
export function adjustInitContainerUser(pod: Pod, original: Pod, tproxy: boolean): void {
  const user = [...(original.spec?.containers ?? []), ...(original.spec?.initContainers ?? [])].find((c: Container) => c?.name === PROXY_CONTAINER);
  const sc = user?.securityContext;
  if (!sc || (sc.runAsUser === undefined && sc.runAsGroup === undefined)) return;
  const all: Container[] = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  const proxy = all.find((c) => c?.name === PROXY_CONTAINER);
  if (tproxy) {
    if (proxy) {
      proxy.securityContext ??= {};
      proxy.securityContext.runAsUser = 0;
    }
  } else {
    const validation = all.find((c) => c?.name === 'istio-validation');
    if (validation) {
      validation.securityContext ??= {};
      if (sc.runAsUser !== undefined) validation.securityContext.runAsUser = sc.runAsUser;
      if (sc.runAsGroup !== undefined) validation.securityContext.runAsGroup = sc.runAsGroup;
    }
  }
  if (sc.runAsUser !== undefined && sc.runAsUser !== 0) {
    for (const c of all) {
      if (c?.name !== 'istio-init' && c?.name !== 'istio-validation') continue;
      const args: unknown[] = c.args ?? [];
      const at = args.indexOf('-u');
      if (at >= 0 && at + 1 < args.length) args[at + 1] = String(sc.runAsUser);
    }
  }
}
