import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { nodeAgentRules, podOverrides, readAmbientPod } from '../../engine/ambient/index.ts';
import { traceRuleset } from '../../engine/packettrace/index.ts';
import { findCaseDir } from '../corpus.ts';
import { readTraceCase } from '../traceCase.ts';
import type { KindChecker } from '../types.ts';
import { checkTrace } from './trace.ts';

/**
 * A packet through the in-pod (or host) rules of an ambient pod, recorded from the real kernel.
 * The rules are the engine's own: built from the named ambient-rules case's pod and node agent
 * settings, they must be the case's payload byte for byte; the packet is then traced through them
 * as the trace kind traces any payload, and through the engine's loaded ruleset directly (the one
 * the app traces), which must agree.
 */
export const checkAmbientTrace: KindChecker = async (c) => {
  const name = c.spec?.rules?.ambientRules;
  const dir = typeof name === 'string' ? findCaseDir(c.roots, 'ambient-rules', name) : undefined;
  if (!dir) return { pass: false, diff: `  the ambient-rules case ${JSON.stringify(name)} is not in the corpus` };
  const rulesCase = parseYaml(readFileSync(join(dir, 'case.yaml'), 'utf8'));
  const agent = rulesCase.input?.nodeAgent ?? {};
  const { ignored: _ignored, ...overrides } = podOverrides(readAmbientPod(rulesCase.input?.pod ?? {}));
  const built = nodeAgentRules({
    backend: rulesCase.backend,
    scope: rulesCase.rules,
    overrides,
    settings: {
      redirectDNS: agent.dnsCapture === true,
      enableIPv6: agent.ipv6 === true,
      hostProbeSNATIP: String(agent.hostProbeSNATIP),
      hostProbeSNATIPv6: String(agent.hostProbeSNATIPv6),
      ...(agent.kubeletUID !== undefined ? { kubeletUID: String(agent.kubeletUID) } : {}),
    },
  });
  const family = c.spec.packet?.family === 'ipv6' ? 'v6' : 'v4';
  const mine = built.backend === 'iptables' ? built.iptables?.[family] : undefined;
  const read = readTraceCase(c.dir, c.spec);
  if ('error' in read) return { pass: false, diff: `  ${read.error}` };
  const ours = built.backend === 'iptables' ? mine?.payload : built.nftables?.script;
  if (ours !== read.rules.text) return { pass: false, diff: `  the engine's ${name} rules are not the case's payload ${read.rules.name}` };
  const viaText = await checkTrace(c);
  const ruleset = built.backend === 'iptables' ? mine?.ruleset : built.nftables?.ruleset;
  if (!ruleset) return { pass: false, diff: '  no ruleset was built' };
  const direct = traceRuleset(ruleset, read.packet, { network: read.network, input: read.rules.name });
  const detail = viaText.detail as { hits: { at: string }[]; final: string } | undefined;
  const agrees = !!detail && direct.final === detail.final && direct.hits.map((h) => h.at).join() === detail.hits.map((h) => h.at).join();
  if (!agrees) return { pass: false, diff: `${viaText.diff ?? ''}\n  the engine's own ruleset traces differently: ${direct.hits.map((h) => h.at).join(', ')} → ${direct.final}` };
  return viaText;
};
