import { nodeAgentRules, podOverrides, readAmbientPod } from '../../engine/ambient/index.ts';
import { readCaseFile } from '../corpus.ts';
import { shortDiff } from '../diff.ts';
import type { KindChecker } from '../types.ts';

/**
 * The node agent's rules for the case's pod and settings: the Istio golden byte for byte (for
 * iptables also each family's restore input), and the kernel's view of them. The pod's overrides
 * come from its annotations, as the agent reads them (the case's `config.podLevelOverrides` is
 * what the Go test passed directly, and must agree).
 */
export const checkAmbientRules: KindChecker = (c) => {
  const spec = c.spec;
  const agent = spec.input?.nodeAgent ?? {};
  const settings = {
    redirectDNS: agent.dnsCapture === true,
    enableIPv6: agent.ipv6 === true,
    hostProbeSNATIP: String(agent.hostProbeSNATIP ?? '169.254.7.127'),
    hostProbeSNATIPv6: String(agent.hostProbeSNATIPv6 ?? 'fd16:9254:7127:1337:ffff:ffff:ffff:ffff'),
    ...(agent.kubeletUID !== undefined ? { kubeletUID: String(agent.kubeletUID) } : {}),
  };
  const diffs: string[] = [];
  const { ignored, ...overrides } = podOverrides(readAmbientPod(spec.input?.pod ?? {}));
  void ignored;
  const stated = spec.config?.podLevelOverrides;
  if (spec.rules === 'inpod' && stated && JSON.stringify(overrides) !== JSON.stringify({ ingressMode: stated.ingressMode, dnsProxy: stated.dnsProxy, virtualInterfaces: stated.virtualInterfaces })) {
    diffs.push(`  overrides from the annotations: expected ${JSON.stringify(stated)}, got ${JSON.stringify(overrides)}`);
  }
  const r = nodeAgentRules({ backend: spec.backend, scope: spec.rules, overrides, settings });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) diffs.push(...errors.map((d) => `  ${d.message}`));
  const golden = readCaseFile(c, spec.expected.golden);
  if (r.golden !== golden) diffs.push(`  golden:\n${shortDiff(golden, r.golden)}`);
  const compare = (what: string, file: string | null | undefined, got: string | undefined) => {
    if (!file) {
      if (got) diffs.push(`  ${what}: none expected, got one`);
      return;
    }
    const want = readCaseFile(c, file);
    if (got !== want) diffs.push(`  ${what}:\n${shortDiff(want, got ?? '')}`);
  };
  if (spec.backend === 'iptables') {
    compare('v4 payload', spec.expected.v4, r.iptables?.v4.payload);
    compare('v6 payload', spec.expected.ipv6 ? spec.expected.v6 : null, r.iptables?.v6?.payload);
    compare('v4 kernel view', spec.expected.kernelView?.v4, r.iptables?.v4.kernelView);
    compare('v6 kernel view', spec.expected.kernelView?.v6, r.iptables?.v6?.kernelView);
  } else {
    compare('nft kernel view', spec.expected.kernelView?.nft, r.nftables?.kernelView);
  }
  return diffs.length ? { pass: false, diff: diffs.join('\n') } : { pass: true };
};
