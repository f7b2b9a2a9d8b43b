/**
 * The rules the istio-cni node agent installs, in either backend: for an enrolled pod (in its
 * network namespace) or for the node (the kubelet probe SNAT). Out come the programs (the
 * `iptables-restore` inputs or the `nft -f` transaction), their text byte for byte as the agent
 * writes it, the kernel's view once loaded, and every rule with why it exists and what set it.
 */
import { diagnostic, messageOf, type Diagnostic } from '../../diagnostics.ts';
import { loadIptables, loadNft, normaliseNftList, renderIptablesSave, renderNftList, renderNftScript, renderRestore, type Program, type Ruleset } from '../../netfilter/index.ts';
import type { PodOverrides } from '../overrides.ts';
import { hostIptablesRules, inpodIptablesRules, iptablesPrograms, type AgentRule } from './iptablesRules.ts';
import { hostNftRules, hostSetsProgram, inpodNftRules, nftProgram, type NftAgentRule } from './nftRules.ts';
import type { NodeAgentRuleSettings } from './settings.ts';

export type RuleBackend = 'iptables' | 'nftables';
export type RuleScope = 'inpod' | 'host';

export interface NodeAgentRulesInput {
  backend: RuleBackend;
  scope: RuleScope;
  /** The pod's overrides (in-pod rules only). */
  overrides?: PodOverrides;
  settings: NodeAgentRuleSettings;
}

export interface IptablesFamilyRules {
  program: Program;
  /** The iptables-restore input, every line ending in "\n". */
  payload: string;
  /** iptables-save after loading it into an empty namespace (comments and counters removed). */
  kernelView: string;
  ruleset: Ruleset;
  /** Per 1-based payload line: the agent rule it came from. */
  lines: Map<number, AgentRule>;
}

export interface NodeAgentRules {
  backend: RuleBackend;
  scope: RuleScope;
  iptables?: { v4: IptablesFamilyRules; v6?: IptablesFamilyRules };
  nftables?: {
    program: Program;
    script: string;
    /** Host rules: the table and probe sets the agent creates first, loaded before the script. */
    prelude?: Program;
    kernelView: string;
    ruleset: Ruleset;
    lines: Map<number, NftAgentRule>;
  };
  /**
   * What Istio's Go test records for these rules: iptables — `iptables-save`, `ip6tables-save` (the
   * state reads) and the restore lines; nftables — the transaction. Istio's goldens are this text.
   */
  golden: string;
  diagnostics: Diagnostic[];
}

const NO_OVERRIDES: PodOverrides = { ingressMode: false, dnsProxy: 'unset', virtualInterfaces: [] };

function iptablesFamily(program: Program, lines: Map<number, AgentRule>, diagnostics: Diagnostic[]): IptablesFamilyRules {
  const { text } = renderRestore(program);
  const loaded = loadIptables(program, { input: 'node agent rules', origin: 'ambient' });
  diagnostics.push(...loaded.diagnostics);
  return { program, payload: text, kernelView: renderIptablesSave(loaded.ruleset, { decorations: false }), ruleset: loaded.ruleset, lines };
}

export function nodeAgentRules(input: NodeAgentRulesInput): NodeAgentRules {
  const diagnostics: Diagnostic[] = [];
  const overrides = input.overrides ?? NO_OVERRIDES;
  const { settings } = input;
  try {
    if (input.backend === 'iptables') {
      const rules = input.scope === 'inpod' ? inpodIptablesRules(overrides, settings) : hostIptablesRules(settings);
      const programs = iptablesPrograms(rules, settings.enableIPv6);
      const lineMap = (ruleOf: Map<number, AgentRule>) => new Map([...ruleOf].map(([op, r]) => [op + 1, r]));
      const v4 = iptablesFamily(programs.v4, lineMap(programs.ruleOf.v4), diagnostics);
      const v6 = programs.v6 ? iptablesFamily(programs.v6, lineMap(programs.ruleOf.v6), diagnostics) : undefined;
      const golden = `iptables-save\nip6tables-save\n${v4.payload}${v6?.payload ?? ''}`.replace(/\n$/, '');
      return { backend: 'iptables', scope: input.scope, iptables: { v4, ...(v6 ? { v6 } : {}) }, golden, diagnostics };
    }
    const rules = input.scope === 'inpod' ? inpodNftRules(overrides, settings) : hostNftRules(settings);
    const { program, ruleOf } = nftProgram(rules, input.scope === 'host');
    const { text } = renderNftScript(program);
    const prelude = input.scope === 'host' ? hostSetsProgram(settings.enableIPv6) : undefined;
    const loaded = loadNft({ backend: 'nftables', ops: [...(prelude?.ops ?? []), ...program.ops] }, { input: 'node agent rules', origin: 'ambient' });
    diagnostics.push(...loaded.diagnostics);
    const lines = new Map([...ruleOf].map(([op, r]) => [op + 1, r]));
    return { backend: 'nftables', scope: input.scope, nftables: { program, script: text, ...(prelude ? { prelude } : {}), kernelView: normaliseNftList(renderNftList(loaded.ruleset)), ruleset: loaded.ruleset, lines }, golden: text, diagnostics };
  } catch (err) {
    diagnostics.push(diagnostic('ambient', 'error', `internal error building the node agent's rules: ${messageOf(err)}`));
    return { backend: input.backend, scope: input.scope, golden: '', diagnostics };
  }
}
