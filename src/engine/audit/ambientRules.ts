import { DEFAULT_RULE_SETTINGS, nodeAgentRules, type PodOverrides, type ResolvedCniSettings } from '../ambient/index.ts';

/** An ambient pod's capture: the rules istio-cni's node agent installs in its network namespace. */
export interface InPodRules {
  backend: 'iptables' | 'nftables';
  /** Rules (iptables `-A` lines of the IPv4 payload, or nft `add rule` statements). */
  rules: number;
  /** The IPv4 iptables-restore payload, or the nft script ('' when they could not be built). */
  payload: string;
}

// The rules depend only on istio-cni's settings and the pod's overrides, which few pods set: one
// build per distinct pair (the settings object is the session's own, so it is the key's first half).
const built = new WeakMap<ResolvedCniSettings, Map<string, InPodRules>>();

/**
 * The node agent's in-pod rules for an enrolled pod (`ambient/rules`), with istio-cni's settings
 * from the dump: DNS capture and IPv6 from its ConfigMap, the nftables backend when it asks for
 * native nftables, the probe SNAT addresses at their defaults (the ConfigMap does not carry them).
 */
export function inPodRules(cni: ResolvedCniSettings, overrides: PodOverrides): InPodRules {
  let memo = built.get(cni);
  if (!memo) built.set(cni, (memo = new Map()));
  const key = JSON.stringify(overrides);
  const known = memo.get(key);
  if (known) return known;
  const backend = cni.settings.nativeNftables ? 'nftables' : 'iptables';
  const r = nodeAgentRules({ backend, scope: 'inpod', overrides, settings: { ...DEFAULT_RULE_SETTINGS, redirectDNS: cni.settings.dnsCapture, enableIPv6: cni.settings.ipv6 } });
  let out: InPodRules;
  if (r.iptables) {
    const payload = r.iptables.v4.payload;
    out = { backend, rules: payload.split('\n').filter((l) => l.startsWith('-A ')).length, payload };
  } else if (r.nftables) {
    out = { backend, rules: r.nftables.lines.size, payload: r.nftables.script };
  } else {
    out = { backend, rules: 0, payload: '' };
  }
  memo.set(key, out);
  return out;
}
