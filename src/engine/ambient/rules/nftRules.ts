/**
 * The node agent's native nftables rules (cni/pkg/nftables, with global.nativeNftables): the same
 * redirection as the iptables rules, in tables inet istio-ambient-nat / -mangle / -raw, IPv6 rules
 * next to the IPv4 ones in the same inet tables. The agent writes each rule as words joined with
 * single spaces, some fragments carrying a space of their own (`mark and 0xfff  != 0x539`): the
 * typed rules keep those exact words for the script and their meaning for the tracer and listing.
 */
import { nft, nftRule, type BaseChainSpec, type Match, type Op, type Program, type Rule, type SettingOrigin, type Statement } from '../../netfilter/index.ts';
import type { PodOverrides } from '../overrides.ts';
import {
  DNS_CAPTURE_PORT, INPOD_MARK, INPOD_MASK, INPOD_TPROXY_MARK, INPOD_TPROXY_MASK, PROBE_SET_V4, PROBE_SET_V6, ZTUNNEL_INBOUND_PLAINTEXT_PORT, ZTUNNEL_INBOUND_PORT, ZTUNNEL_OUTBOUND_PORT, hex,
} from './constants.ts';
import { ORIGIN, redirectsDNS, type NodeAgentRuleSettings } from './settings.ts';

export const NAT = 'istio-ambient-nat';
export const MANGLE = 'istio-ambient-mangle';
export const RAW = 'istio-ambient-raw';
const PREROUTING = 'prerouting';
const POSTROUTING = 'postrouting';
const OUTPUT = 'output';
export const ISTIO_PREROUTING = 'istio-prerouting';
export const ISTIO_OUTPUT = 'istio-output';

/** The chains of each table in the order the agent adds them (a chain is added only when it has rules or a jump names it). */
const INPOD_CHAINS: Record<string, Array<{ name: string; base?: BaseChainSpec }>> = {
  [NAT]: [
    { name: PREROUTING, base: { type: 'nat', hook: 'prerouting', priority: -100 } },
    { name: OUTPUT, base: { type: 'nat', hook: 'output', priority: -100 } },
    { name: ISTIO_PREROUTING },
    { name: ISTIO_OUTPUT },
  ],
  [MANGLE]: [
    { name: PREROUTING, base: { type: 'filter', hook: 'prerouting', priority: -150 } },
    { name: OUTPUT, base: { type: 'route', hook: 'output', priority: -150 } },
    { name: ISTIO_PREROUTING },
    { name: ISTIO_OUTPUT },
  ],
  [RAW]: [
    { name: PREROUTING, base: { type: 'filter', hook: 'prerouting', priority: -300 } },
    { name: OUTPUT, base: { type: 'filter', hook: 'output', priority: -300 } },
    { name: ISTIO_PREROUTING },
    { name: ISTIO_OUTPUT },
  ],
};
const HOST_CHAINS: Record<string, Array<{ name: string; base?: BaseChainSpec }>> = {
  [NAT]: [{ name: POSTROUTING, base: { type: 'nat', hook: 'postrouting', priority: 100 } }],
};

export interface NftAgentRule {
  table: string;
  chain: string;
  rule: Rule;
  origin: SettingOrigin[];
}

class Rules {
  readonly list: NftAgentRule[] = [];
  constructor(private readonly ipv6: boolean) {}
  add(table: string, chain: string, why: string, from: SettingOrigin[], elements: Array<Match | Statement>): void {
    this.list.push({ table, chain, rule: nftRule(elements, { why, settings: from.map((o) => o.name), from }), origin: from });
  }
  /** AppendV6RuleIfSupported. */
  add6(table: string, chain: string, why: string, from: SettingOrigin[], elements: Array<Match | Statement>): void {
    if (this.ipv6) this.add(table, chain, why, [...from, ...ORIGIN.ipv6()], elements);
  }
}

const c = nft.counter;
/** `mark and 0xfff != 0x539` and its variants, as the agent spells each rule's. */
const inpodMark = (text: string, negate: boolean, of: 'packet' | 'conn' = 'packet') => nft.maskedMark(text, of, INPOD_MARK, INPOD_MASK, negate);
const tproxyMark = (text: string, of: 'packet' | 'conn') => nft.maskedMark(text, of, INPOD_TPROXY_MARK, INPOD_TPROXY_MASK, false);
const notMine = `mark and ${hex(INPOD_MASK)} != ${hex(INPOD_MARK)}`;

export function inpodNftRules(overrides: PodOverrides, settings: NodeAgentRuleSettings): NftAgentRule[] {
  const r = new Rules(settings.enableIPv6);
  const dns = redirectsDNS(overrides, settings);
  const dnsFrom = ORIGIN.dns(overrides);
  const hook = ORIGIN.ztunnel('the node agent\'s own chains');
  const v4Probe = settings.hostProbeSNATIP;
  const v6Probe = settings.hostProbeSNATIPv6;
  r.add(MANGLE, PREROUTING, 'enter the agent\'s mangle chain', hook, [nft.jump(ISTIO_PREROUTING)]);
  r.add(MANGLE, OUTPUT, 'enter the agent\'s mangle chain', hook, [nft.jump(ISTIO_OUTPUT)]);
  r.add(NAT, OUTPUT, 'enter the agent\'s nat chain', hook, [nft.jump(ISTIO_OUTPUT)]);
  if (dns) {
    r.add(RAW, PREROUTING, 'enter the agent\'s raw chain (DNS conntrack zones)', dnsFrom, [nft.jump(ISTIO_PREROUTING)]);
    r.add(RAW, OUTPUT, 'enter the agent\'s raw chain (DNS conntrack zones)', dnsFrom, [nft.jump(ISTIO_OUTPUT)]);
  }
  r.add(NAT, PREROUTING, 'enter the agent\'s nat chain', hook, [nft.jump(ISTIO_PREROUTING)]);
  for (const iface of overrides.virtualInterfaces) {
    r.add(NAT, ISTIO_PREROUTING, `TCP arriving on virtual interface ${iface} goes to ztunnel's outbound port`, ORIGIN.virtual(iface), [nft.iifname(iface), nft.l4proto('tcp'), c(), nft.redirect(`:${ZTUNNEL_OUTBOUND_PORT}`)]);
    r.add(NAT, ISTIO_PREROUTING, `virtual interface ${iface} handled: leave the agent's chain`, ORIGIN.virtual(iface), [nft.iifname(iface), nft.l4proto('tcp'), c(), nft.ret()]);
  }
  r.add(MANGLE, ISTIO_PREROUTING, 'ztunnel\'s packets (mark 0x539) mark their connection 0x111', ORIGIN.ztunnel('ztunnel socket mark 0x539'), [
    inpodMark(`meta mark & ${hex(INPOD_MASK)} == ${hex(INPOD_MARK)}`, false),
    c(),
    nft.ctMarkMasked(`ct mark set ct mark & 0xfffff000 |  ${hex(INPOD_TPROXY_MARK)}`, 0xfffff000, INPOD_TPROXY_MARK),
  ]);
  const probeIn = 'a kubelet probe (SNATed on the node) reaches the app directly';
  if (!overrides.ingressMode) {
    r.add(NAT, ISTIO_PREROUTING, probeIn, [...ORIGIN.probe(false), ...ORIGIN.ingress(overrides)], [nft.l4proto('tcp'), nft.addr('ipv4', 'src', v4Probe), c(), nft.accept()]);
    r.add6(NAT, ISTIO_PREROUTING, probeIn, [...ORIGIN.probe(true), ...ORIGIN.ingress(overrides)], [nft.l4proto('tcp'), nft.addr('ipv6', 'src', v6Probe), c(), nft.accept()]);
  }
  const probeOut = 'the app\'s answer to a kubelet probe leaves directly';
  r.add(NAT, ISTIO_OUTPUT, probeOut, ORIGIN.probe(false), [nft.l4proto('tcp'), nft.addr('ipv4', 'dst', v4Probe), c(), nft.accept()]);
  r.add6(NAT, ISTIO_OUTPUT, probeOut, ORIGIN.probe(true), [nft.l4proto('tcp'), nft.addr('ipv6', 'dst', v6Probe), c(), nft.accept()]);
  if (!overrides.ingressMode) {
    const why = 'inbound TCP (not HBONE, not from ztunnel) goes to ztunnel\'s inbound plaintext port';
    const from = [...ORIGIN.ingress(overrides), ...ORIGIN.ztunnel('ztunnel inbound plaintext port 15006, HBONE port 15008')];
    r.add(NAT, ISTIO_PREROUTING, why, from, [nft.addr('ipv4', 'dst', '127.0.0.1/32', true), nft.port('tcp', 'dst', ZTUNNEL_INBOUND_PORT, true), inpodMark(`mark and ${hex(INPOD_MASK)}  != ${hex(INPOD_MARK)}`, true), c(), nft.redirect(`:${ZTUNNEL_INBOUND_PLAINTEXT_PORT}`)]);
    r.add6(NAT, ISTIO_PREROUTING, why, from, [nft.addr('ipv6', 'dst', '::1/128', true), nft.port('tcp', 'dst', ZTUNNEL_INBOUND_PORT, true), inpodMark(notMine, true), c(), nft.redirect(`:${ZTUNNEL_INBOUND_PLAINTEXT_PORT}`)]);
  }
  r.add(MANGLE, ISTIO_OUTPUT, 'packets of a connection marked 0x111 take the mark back (they go to ztunnel)', ORIGIN.ztunnel('in-pod connection mark 0x111'), [
    tproxyMark(`ct mark and ${hex(INPOD_TPROXY_MASK)} == ${hex(INPOD_TPROXY_MARK)}`, 'conn'),
    c(),
    nft.markFromCtMark(),
  ]);
  if (dns) {
    r.add(NAT, ISTIO_OUTPUT, 'the app\'s UDP DNS to a resolver off the pod goes to ztunnel\'s DNS proxy', dnsFrom, [nft.oifname('lo', true), inpodMark(notMine, true), nft.port('udp', 'dst', '53'), c(), nft.redirect(`:${DNS_CAPTURE_PORT}`)]);
    r.add(NAT, ISTIO_OUTPUT, 'the app\'s TCP DNS goes to ztunnel\'s DNS proxy', dnsFrom, [nft.addr('ipv4', 'dst', '127.0.0.1/32', true), nft.port('tcp', 'dst', '53'), inpodMark(notMine, true), c(), nft.redirect(`:${DNS_CAPTURE_PORT}`)]);
    r.add6(NAT, ISTIO_OUTPUT, 'the app\'s TCP DNS goes to ztunnel\'s DNS proxy', dnsFrom, [nft.addr('ipv6', 'dst', '::1/128', true), nft.port('tcp', 'dst', '53'), inpodMark(notMine, true), c(), nft.redirect(`:${DNS_CAPTURE_PORT}`)]);
    r.add(RAW, ISTIO_OUTPUT, 'ztunnel\'s DNS queries upstream get their own conntrack zone', dnsFrom, [nft.port('udp', 'dst', '53'), inpodMark(`meta mark and ${hex(INPOD_MASK)} == ${hex(INPOD_MARK)}`, false), c(), nft.ctZone('1')]);
    r.add(RAW, ISTIO_PREROUTING, 'DNS answers for ztunnel come back in that zone', dnsFrom, [nft.port('udp', 'src', '53'), inpodMark(`meta mark and ${hex(INPOD_MASK)} != ${hex(INPOD_MARK)}`, true), c(), nft.ctZone('1')]);
  }
  r.add(NAT, ISTIO_OUTPUT, 'replies on connections ztunnel opened (mark 0x111) are not redirected', ORIGIN.ztunnel('in-pod connection mark 0x111'), [nft.l4proto('tcp'), tproxyMark(`mark and ${hex(INPOD_TPROXY_MASK)} == ${hex(INPOD_TPROXY_MARK)}`, 'packet'), c(), nft.accept()]);
  const lo = 'the app calling its own pod address over lo stays in the pod';
  r.add(NAT, ISTIO_OUTPUT, lo, ORIGIN.ztunnel('loopback'), [nft.oifname('lo'), nft.addr('ipv4', 'dst', '127.0.0.1/32', true), c(), nft.accept()]);
  r.add6(NAT, ISTIO_OUTPUT, lo, ORIGIN.ztunnel('loopback'), [nft.oifname('lo'), nft.addr('ipv6', 'dst', '::1/128', true), c(), nft.accept()]);
  const out = 'outbound TCP from the app (not ztunnel\'s) goes to ztunnel\'s outbound port';
  r.add(NAT, ISTIO_OUTPUT, out, ORIGIN.ztunnel('ztunnel outbound port 15001'), [nft.l4proto('tcp'), nft.addr('ipv4', 'dst', '127.0.0.1/32', true), inpodMark(notMine, true), c(), nft.redirect(`:${ZTUNNEL_OUTBOUND_PORT}`)]);
  r.add6(NAT, ISTIO_OUTPUT, out, ORIGIN.ztunnel('ztunnel outbound port 15001'), [nft.l4proto('tcp'), nft.addr('ipv6', 'dst', '::1/128', true), inpodMark(notMine, true), c(), nft.redirect(`:${ZTUNNEL_OUTBOUND_PORT}`)]);
  return r.list;
}

export function hostNftRules(settings: NodeAgentRuleSettings): NftAgentRule[] {
  const r = new Rules(settings.enableIPv6);
  const uid = settings.kubeletUID ?? '0';
  const why = 'a probe from the kubelet (its UID) to an enrolled pod is SNATed to the probe address';
  r.add(NAT, POSTROUTING, why, [...ORIGIN.probe(false), ...ORIGIN.kubelet()], [nft.l4proto('tcp'), nft.owner('uid', uid), nft.addrInSet('ipv4', 'dst', PROBE_SET_V4), c(), nft.snat(settings.hostProbeSNATIP)]);
  r.add6(NAT, POSTROUTING, why, [...ORIGIN.probe(true), ...ORIGIN.kubelet()], [nft.l4proto('tcp'), nft.owner('uid', uid), nft.addrInSet('ipv6', 'dst', PROBE_SET_V6), c(), nft.snat(settings.hostProbeSNATIPv6)]);
  return r.list;
}

/** The knftables transaction: per table that has rules, add + flush it, its chains (with rules or jumped to), then the rules. */
export function nftProgram(rules: readonly NftAgentRule[], host: boolean): { program: Program; ruleOf: Map<number, NftAgentRule> } {
  const chains = host ? HOST_CHAINS : INPOD_CHAINS;
  const ops: Op[] = [];
  const ruleOf = new Map<number, NftAgentRule>();
  for (const table of Object.keys(chains)) {
    const mine = rules.filter((x) => x.table === table);
    const jumped = new Set(mine.flatMap((x) => x.rule.statements.flatMap((s) => (s.kind === 'jump' ? [s.chain] : []))));
    const used = chains[table].filter((ch) => mine.some((x) => x.chain === ch.name) || jumped.has(ch.name));
    if (!used.length) continue;
    ops.push({ op: 'table', table, family: 'inet' }, { op: 'flushTable', table, family: 'inet' });
    for (const ch of used) ops.push({ op: 'chain', table, family: 'inet', chain: ch.name, ...(ch.base ? { base: ch.base } : {}) });
    for (const x of mine) {
      ruleOf.set(ops.length, x);
      ops.push({ op: 'rule', table, family: 'inet', chain: x.chain, insert: false, rule: x.rule });
    }
  }
  return { program: { backend: 'nftables', ops }, ruleOf };
}

/** What the node agent creates on the node before its host rules (cni/pkg/nftables host_sets.go): the table and the probe set(s). */
export function hostSetsProgram(enableIPv6: boolean): Program {
  const comment = 'UUID of the pods that are part of ambient mesh';
  const ops: Op[] = [{ op: 'table', table: NAT, family: 'inet' }, { op: 'set', table: NAT, family: 'inet', set: { name: PROBE_SET_V4, type: 'ipv4_addr', comment } }];
  if (enableIPv6) ops.push({ op: 'set', table: NAT, family: 'inet', set: { name: PROBE_SET_V6, type: 'ipv6_addr', comment } });
  return { backend: 'nftables', ops };
}
