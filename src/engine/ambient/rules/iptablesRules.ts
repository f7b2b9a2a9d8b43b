/**
 * The node agent's iptables rules (cni/pkg/iptables): the in-pod rules it restores in an enrolled
 * pod's network namespace (AppendInpodRules) and the host rules in the node's (AppendHostRules),
 * as typed rules of the netfilter model, in the order the agent appends them. istio-iptables'
 * builder (iptables/builder.ts) turns them into the restore programs, exactly as the agent's.
 */
import { restoreProgram, type BuiltRule, type ConfigField, type Family } from '../../iptables/index.ts';
import { ipt, type Match, type Program, type Rule, type SettingOrigin, type Statement } from '../../netfilter/index.ts';
import type { PodOverrides } from '../overrides.ts';
import {
  DNS_CAPTURE_PORT, INPOD_MARK_TEXT, INPOD_RESTORE_MASK, INPOD_TPROXY_MARK_TEXT, PROBE_SET_V4, PROBE_SET_V6, ZTUNNEL_INBOUND_PLAINTEXT_PORT, ZTUNNEL_INBOUND_PORT, ZTUNNEL_OUTBOUND_PORT, hex,
} from './constants.ts';
import { ORIGIN, redirectsDNS, type NodeAgentRuleSettings } from './settings.ts';

export const INPOD_OUTPUT = 'ISTIO_OUTPUT';
export const INPOD_PREROUTING = 'ISTIO_PRERT';
export const HOST_POSTROUTING = 'ISTIO_POSTRT';

export interface AgentRule extends BuiltRule {
  origin: SettingOrigin[];
}

/** Appends rules in the agent's order; IPv6 rules only when the agent programs IPv6. */
class Rules {
  readonly list: AgentRule[] = [];
  constructor(private readonly ipv6: boolean) {}

  add(family: Family | 'both', table: string, chain: string, why: string, from: SettingOrigin[], matches: Match[], target: Statement, position?: number): void {
    for (const f of family === 'both' ? (['v4', 'v6'] as const) : [family]) {
      if (f === 'v6' && !this.ipv6) continue;
      const rule: Rule = { matches, statements: [target], origin: { why, settings: from.map((o) => o.name), from } };
      this.list.push({ family: f, table, chain, ...(position !== undefined ? { position } : {}), rule, step: why, fields: [] as ConfigField[], origin: from });
    }
  }

  /** AppendVersionedRule: the same rule for each family with that family's value. */
  versioned(v4: string, v6: string, table: string, chain: string, why: string, from: SettingOrigin[], make: (value: string, family: 'ipv4' | 'ipv6') => [Match[], Statement]): void {
    this.add('v4', table, chain, why, from, ...make(v4, 'ipv4'));
    this.add('v6', table, chain, why, from, ...make(v6, 'ipv6'));
  }
}

const restoreConnmark = (): Statement => ({
  kind: 'mark', target: 'packet', from: 'conn', keep: 0, take: INPOD_RESTORE_MASK, xor: 0,
  text: `-j CONNMARK --restore-mark --nfmask ${hex(INPOD_RESTORE_MASK)} --ctmask ${hex(INPOD_RESTORE_MASK)}`,
});

/** The in-pod rules for one pod: ztunnel's ports, its marks, the probe exemption, DNS when captured. */
export function inpodIptablesRules(overrides: PodOverrides, settings: NodeAgentRuleSettings): AgentRule[] {
  const r = new Rules(settings.enableIPv6);
  const dns = redirectsDNS(overrides, settings);
  const dnsFrom = ORIGIN.dns(overrides);
  const hook = ORIGIN.ztunnel('the node agent\'s own chains');
  // Jumps into the agent's own chains (easy to find and to delete again).
  r.add('both', 'mangle', 'PREROUTING', 'enter the agent\'s mangle chain', hook, [], ipt.jump(INPOD_PREROUTING));
  r.add('both', 'mangle', 'OUTPUT', 'enter the agent\'s mangle chain', hook, [], ipt.jump(INPOD_OUTPUT));
  r.add('both', 'nat', 'OUTPUT', 'enter the agent\'s nat chain', hook, [], ipt.jump(INPOD_OUTPUT));
  if (dns) {
    r.add('both', 'raw', 'PREROUTING', 'enter the agent\'s raw chain (DNS conntrack zones)', dnsFrom, [], ipt.jump(INPOD_PREROUTING));
    r.add('both', 'raw', 'OUTPUT', 'enter the agent\'s raw chain (DNS conntrack zones)', dnsFrom, [], ipt.jump(INPOD_OUTPUT));
  }
  r.add('both', 'nat', 'PREROUTING', 'enter the agent\'s nat chain', hook, [], ipt.jump(INPOD_PREROUTING));

  // Virtual interfaces first: their inbound is treated as outbound, straight to ztunnel's outbound port.
  for (const iface of overrides.virtualInterfaces) {
    r.add('both', 'nat', INPOD_PREROUTING, `TCP arriving on virtual interface ${iface} goes to ztunnel's outbound port`, ORIGIN.virtual(iface), [ipt.inIface(iface), ipt.proto('tcp')], ipt.redirect(ZTUNNEL_OUTBOUND_PORT));
    r.add('both', 'nat', INPOD_PREROUTING, `virtual interface ${iface} handled: leave the agent's chain`, ORIGIN.virtual(iface), [ipt.inIface(iface), ipt.proto('tcp')], ipt.ret());
  }

  // A packet ztunnel sent (mark 0x539) marks its connection 0x111, so replies find their way back to ztunnel.
  r.add('both', 'mangle', INPOD_PREROUTING, 'ztunnel\'s packets (mark 0x539) mark their connection 0x111', ORIGIN.ztunnel('ztunnel socket mark 0x539'), [ipt.mark(INPOD_MARK_TEXT)], ipt.connmarkSetXmark(INPOD_TPROXY_MARK_TEXT));
  if (!overrides.ingressMode) {
    r.versioned(settings.hostProbeSNATIP, settings.hostProbeSNATIPv6, 'nat', INPOD_PREROUTING, 'a kubelet probe (SNATed on the node) reaches the app directly', [...ORIGIN.probe(false), ...ORIGIN.ingress(overrides)], (addr, family) => [[ipt.src(addr, family), ipt.proto('tcp'), ipt.module('tcp')], ipt.accept()]);
  }
  r.versioned(settings.hostProbeSNATIP, settings.hostProbeSNATIPv6, 'nat', INPOD_OUTPUT, 'the app\'s answer to a kubelet probe leaves directly', ORIGIN.probe(false), (addr, family) => [[ipt.dst(addr, family), ipt.proto('tcp'), ipt.module('tcp')], ipt.accept()]);
  if (!overrides.ingressMode) {
    r.versioned('127.0.0.1/32', '::1/128', 'nat', INPOD_PREROUTING, 'inbound TCP (not HBONE, not from ztunnel) goes to ztunnel\'s inbound plaintext port', [...ORIGIN.ingress(overrides), ...ORIGIN.ztunnel('ztunnel inbound plaintext port 15006, HBONE port 15008')], (lo, family) => [
      [ipt.dst(lo, family, true), ipt.proto('tcp'), ipt.dport('tcp', ZTUNNEL_INBOUND_PORT, true), ipt.mark(INPOD_MARK_TEXT, true)],
      ipt.redirect(ZTUNNEL_INBOUND_PLAINTEXT_PORT),
    ]);
  }
  r.add('both', 'mangle', INPOD_OUTPUT, 'packets of a connection marked 0x111 take the mark back (they go to ztunnel)', ORIGIN.ztunnel('in-pod connection mark 0x111'), [ipt.connmark(INPOD_TPROXY_MARK_TEXT)], restoreConnmark());
  if (dns) {
    r.add('both', 'nat', INPOD_OUTPUT, 'the app\'s UDP DNS to a resolver off the pod goes to ztunnel\'s DNS proxy', dnsFrom, [ipt.outIface('lo', true), ipt.proto('udp'), ipt.mark(INPOD_MARK_TEXT, true), ipt.dport('udp', '53', false, 'udp')], ipt.redirect(DNS_CAPTURE_PORT, '--to-port'));
    r.versioned('127.0.0.1/32', '::1/128', 'nat', INPOD_OUTPUT, 'the app\'s TCP DNS goes to ztunnel\'s DNS proxy', dnsFrom, (lo, family) => [[ipt.dst(lo, family, true), ipt.proto('tcp'), ipt.dport('tcp', '53'), ipt.mark(INPOD_MARK_TEXT, true)], ipt.redirect(DNS_CAPTURE_PORT)]);
    r.add('both', 'raw', INPOD_OUTPUT, 'ztunnel\'s DNS queries upstream get their own conntrack zone', dnsFrom, [ipt.proto('udp'), ipt.mark(INPOD_MARK_TEXT), ipt.dport('udp', '53', false, 'udp')], ipt.ctZone('1'));
    r.add('both', 'raw', INPOD_PREROUTING, 'DNS answers for ztunnel come back in that zone', dnsFrom, [ipt.proto('udp'), ipt.mark(INPOD_MARK_TEXT, true), ipt.sport('udp', '53', false, 'udp')], ipt.ctZone('1'));
  }
  r.add('both', 'nat', INPOD_OUTPUT, 'replies on connections ztunnel opened (conn mark 0x111) are not redirected', ORIGIN.ztunnel('in-pod connection mark 0x111'), [ipt.proto('tcp'), ipt.mark(INPOD_TPROXY_MARK_TEXT)], ipt.accept());
  r.versioned('127.0.0.1/32', '::1/128', 'nat', INPOD_OUTPUT, 'the app calling its own pod address over lo stays in the pod', ORIGIN.ztunnel('loopback'), (lo, family) => [[ipt.dst(lo, family, true), ipt.outIface('lo')], ipt.accept()]);
  r.versioned('127.0.0.1/32', '::1/128', 'nat', INPOD_OUTPUT, 'outbound TCP from the app (not ztunnel\'s) goes to ztunnel\'s outbound port', ORIGIN.ztunnel('ztunnel outbound port 15001'), (lo, family) => [
    [ipt.dst(lo, family, true), ipt.proto('tcp'), ipt.mark(INPOD_MARK_TEXT, true)],
    ipt.redirect(ZTUNNEL_OUTBOUND_PORT),
  ]);
  return r.list;
}

/** The node's rules: kubelet probes to an enrolled pod (its IP in the probe ipset) are SNATed to the probe address. */
export function hostIptablesRules(settings: NodeAgentRuleSettings): AgentRule[] {
  const r = new Rules(settings.enableIPv6);
  r.add('both', 'nat', 'POSTROUTING', 'enter the agent\'s host chain, first', ORIGIN.ztunnel('the node agent\'s own chain'), [], ipt.jump(HOST_POSTROUTING), 1);
  r.add('v4', 'nat', HOST_POSTROUTING, 'a probe from a process on the node (kubelet) to an enrolled pod is SNATed to the probe address', ORIGIN.probe(false), [ipt.socketExists(), ipt.proto('tcp'), ipt.matchSet(PROBE_SET_V4, ['dst'])], ipt.snat(settings.hostProbeSNATIP));
  r.add('v6', 'nat', HOST_POSTROUTING, 'a probe from a process on the node (kubelet) to an enrolled pod is SNATed to the probe address', [...ORIGIN.probe(true), ...ORIGIN.ipv6()], [ipt.socketExists(), ipt.proto('tcp'), ipt.matchSet(PROBE_SET_V6, ['dst'])], ipt.snat(settings.hostProbeSNATIPv6));
  return r.list;
}

export interface IptablesPrograms {
  v4: Program;
  v6?: Program;
  /** For each program op that is a rule, the agent rule it came from. */
  ruleOf: { v4: Map<number, AgentRule>; v6: Map<number, AgentRule> };
}

/** The restore programs the agent pipes into iptables-restore / ip6tables-restore --noflush. */
export function iptablesPrograms(rules: readonly AgentRule[], enableIPv6: boolean): IptablesPrograms {
  const out: IptablesPrograms = { v4: { backend: 'iptables', family: 'ipv4', ops: [] }, ruleOf: { v4: new Map(), v6: new Map() } };
  for (const family of ['v4', 'v6'] as const) {
    if (family === 'v6' && !enableIPv6) continue;
    const mine = rules.filter((x) => x.family === family);
    const { program, opOf } = restoreProgram(mine, family);
    out[family] = program;
    mine.forEach((x, i) => out.ruleOf[family].set(opOf[i], x));
  }
  return out;
}
