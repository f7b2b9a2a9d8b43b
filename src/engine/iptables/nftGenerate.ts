/**
 * istio-iptables' native nftables backend (`--native-nftables`, tools/istio-nftables): the same
 * configuration in, one `inet` ruleset for IPv4 and IPv6 out — tables istio-proxy-nat,
 * istio-proxy-mangle and istio-proxy-raw, lower-case chains, a `counter` in every rule, IPv6 rules
 * next to the IPv4 ones when IPv6 is on. The program is the transaction knftables writes: per
 * table that has rules, `add table`, `flush table`, the chains that have rules (in a fixed order),
 * then the rules, an insert at an index the chain does not reach yet becoming an append.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { nft, nftRule, type BaseChainSpec, type Match, type Op, type Program, type Rule, type Statement } from '../netfilter/index.ts';
import { isTproxy, type CaptureConfig, type ConfigField } from './config.ts';
import { ownerGroupFilter, separateV4V6, splitList, type NetworkRange } from './lists.ts';

const NAT = 'istio-proxy-nat';
const MANGLE = 'istio-proxy-mangle';
const RAW = 'istio-proxy-raw';
const PREROUTING = 'prerouting';
const OUTPUT = 'output';
const INBOUND = 'istio-inbound';
const OUTPUT_CHAIN = 'istio-output';
const OUTPUT_DNS = 'istio-output-dns';
const REDIRECT = 'istio-redirect';
const IN_REDIRECT = 'istio-in-redirect';
const DIVERT = 'istio-divert';
const TPROXY = 'istio-tproxy';
const DROP = 'istio-drop';
const OUTBOUND_MARK = '1338';
const DNS_PORT = '15053';
const V6_LOOPBACK = '::1/128';

/** The chains of each table, in the order the transaction adds them; base chains with type, hook and priority. */
const CHAINS: Record<string, Array<{ name: string; base?: BaseChainSpec }>> = {
  [NAT]: [
    { name: PREROUTING, base: { type: 'nat', hook: 'prerouting', priority: -100 } },
    { name: OUTPUT, base: { type: 'nat', hook: 'output', priority: -100 } },
    { name: INBOUND }, { name: REDIRECT }, { name: IN_REDIRECT }, { name: OUTPUT_CHAIN }, { name: OUTPUT_DNS },
  ],
  [MANGLE]: [
    { name: PREROUTING, base: { type: 'filter', hook: 'prerouting', priority: -150 } },
    { name: OUTPUT, base: { type: 'route', hook: 'output', priority: -150 } },
    { name: DIVERT }, { name: TPROXY }, { name: INBOUND }, { name: DROP },
  ],
  [RAW]: [
    { name: PREROUTING, base: { type: 'filter', hook: 'prerouting', priority: -300 } },
    { name: OUTPUT, base: { type: 'filter', hook: 'output', priority: -300 } },
    { name: INBOUND }, { name: OUTPUT_DNS },
  ],
};

interface NftBuilt {
  table: string;
  chain: string;
  /** 0-based index of an insert. */
  index?: number;
  rule: Rule;
  fields: ConfigField[];
}

export interface NftGenerated {
  program: Program;
  /** Whether DNS capture is in effect. */
  dnsCapture: boolean;
  diagnostics: Diagnostic[];
  ok: boolean;
  /** The generated rules in the order they were made, each with the settings behind it. */
  rules: NftBuilt[];
}

const MAX_RULES = 50_000;

export function generateNftRules(cfg: CaptureConfig): NftGenerated {
  const diagnostics: Diagnostic[] = [];
  const rules: NftBuilt[] = [];
  const v6 = cfg.enableIPv6;
  const lo = cfg.hostIPv4LoopbackCidr;
  let truncated = false;
  const add = (why: string, fields: ConfigField[], chain: string, table: string, elements: Array<Match | Statement>, index?: number) => {
    if (rules.length >= MAX_RULES) {
      truncated = true;
      return;
    }
    rules.push({ table, chain, ...(index !== undefined ? { index } : {}), rule: nftRule(elements, { why, settings: fields, from: [] }), fields });
  };
  const add6 = (why: string, fields: ConfigField[], chain: string, table: string, elements: Array<Match | Statement>, index?: number) => {
    if (v6) add(why, fields, chain, table, elements, index);
  };
  const fail = (message: string): NftGenerated => {
    diagnostics.push(diagnostic('iptables', 'error', message));
    return { program: { backend: 'nftables', ops: [] }, dnsCapture: false, diagnostics, ok: false, rules: [] };
  };

  const exclude = separateV4V6(cfg.outboundIPRangesExclude);
  if (exclude.error) return fail(`istio-service-exclude-cidr (-x): ${exclude.error}`);
  if (exclude.v4.isWildcard) return fail('invalid value for OUTBOUND_IP_RANGES_EXCLUDE: "*" cannot be excluded (-x)');
  const include = separateV4V6(cfg.outboundIPRangesInclude);
  if (include.error) return fail(`istio-service-cidr (-i): ${include.error}`);

  let dns = cfg.redirectDNS;
  if (dns && !cfg.captureAllDNS && cfg.dnsServersV4.length === 0 && cfg.dnsServersV6.length === 0) {
    diagnostics.push(diagnostic('iptables', 'warning', 'DNS redirection is on, but capture-all-dns is off and no DNS servers were found: DNS capture disabled'));
    dns = false;
  }
  const tp = isTproxy(cfg);
  const c = nft.counter;

  for (const nic of splitList(cfg.excludeInterfaces)) {
    add('excluded interface: inbound not captured', ['excludeInterfaces'], PREROUTING, NAT, [nft.iifname(nic), c(), nft.ret()]);
    add('excluded interface: outbound not captured', ['excludeInterfaces'], OUTPUT, NAT, [nft.oifname(nic), c(), nft.ret()]);
  }
  if (tp) {
    for (const nic of splitList(cfg.excludeInterfaces)) {
      add('excluded interface (TPROXY mangle)', ['excludeInterfaces', 'inboundInterceptionMode'], PREROUTING, MANGLE, [nft.iifname(nic), c(), nft.ret()]);
      add('excluded interface (TPROXY mangle)', ['excludeInterfaces', 'inboundInterceptionMode'], OUTPUT, MANGLE, [nft.oifname(nic), c(), nft.ret()]);
    }
  }
  for (const nic of splitList(cfg.rerouteVirtualInterfaces)) {
    add('virtual interface: not treated as inbound', ['rerouteVirtualInterfaces'], PREROUTING, NAT, [nft.iifname(nic), c(), nft.ret()], 0);
  }
  if (cfg.dropInvalid) {
    add('drop conntrack-invalid packets', ['dropInvalid'], PREROUTING, MANGLE, [nft.l4proto('tcp'), nft.ctstate('invalid'), c(), nft.jump(DROP)]);
    add('drop conntrack-invalid packets', ['dropInvalid'], DROP, MANGLE, [c(), nft.drop()]);
  }
  add('tunnel (HBONE) port is never captured inbound', ['inboundTunnelPort'], INBOUND, NAT, [nft.l4proto('tcp'), nft.port('tcp', 'dst', cfg.inboundTunnelPort), c(), nft.ret()]);
  add('outbound capture: redirect to Envoy outbound', ['proxyPort'], REDIRECT, NAT, [nft.l4proto('tcp'), c(), nft.redirect(`:${cfg.proxyPort}`)]);
  add('inbound capture: redirect to Envoy inbound', ['inboundCapturePort'], IN_REDIRECT, NAT, [nft.l4proto('tcp'), c(), nft.redirect(`:${cfg.inboundCapturePort}`)]);

  // Inbound capture.
  if (cfg.inboundPortsInclude !== '') {
    const mode: ConfigField[] = ['inboundPortsInclude', 'inboundInterceptionMode'];
    if (tp) {
      const m = cfg.inboundTProxyMark;
      add('TPROXY: mark diverted packets', [...mode, 'inboundTProxyMark'], DIVERT, MANGLE, [c(), nft.setMark(m)]);
      add('TPROXY: accept diverted packets', mode, DIVERT, MANGLE, [c(), nft.accept()]);
      add('TPROXY: hand new inbound connections to Envoy inbound', [...mode, 'inboundCapturePort', 'inboundTProxyMark', 'hostIPv4LoopbackCidr'], TPROXY, MANGLE,
        [nft.l4proto('tcp'), nft.addr('ipv4', 'dst', lo, true), nft.tproxy('ipv4', `:${cfg.inboundCapturePort}`), nft.setMark(m), c(), nft.accept()]);
      add6('TPROXY: hand new inbound connections to Envoy inbound', [...mode, 'inboundCapturePort', 'inboundTProxyMark'], TPROXY, MANGLE,
        [nft.l4proto('tcp'), nft.addr('ipv6', 'dst', V6_LOOPBACK, true), nft.tproxy('ipv6', `:${cfg.inboundCapturePort}`), nft.setMark(m), c(), nft.accept()]);
      add('inbound TCP enters istio-inbound', mode, PREROUTING, MANGLE, [nft.l4proto('tcp'), c(), nft.jump(INBOUND)]);
      if (cfg.inboundPortsInclude === '*') {
        for (const port of splitList(cfg.inboundPortsExclude)) {
          add('excluded inbound port', ['inboundPortsExclude'], INBOUND, MANGLE, [nft.l4proto('tcp'), nft.port('tcp', 'dst', port), c(), nft.ret()]);
        }
        add('TPROXY: packets of established inbound connections are diverted', mode, INBOUND, MANGLE, [nft.l4proto('tcp'), nft.ctstate('related,established'), c(), nft.jump(DIVERT)]);
        add('TPROXY: all other inbound TCP goes to Envoy', mode, INBOUND, MANGLE, [nft.l4proto('tcp'), c(), nft.jump(TPROXY)]);
      } else {
        for (const port of splitList(cfg.inboundPortsInclude)) {
          add('TPROXY: established connections to an included inbound port are diverted', mode, INBOUND, MANGLE,
            [nft.l4proto('tcp'), nft.ctstate('related,established'), nft.port('tcp', 'dst', port), c(), nft.jump(DIVERT)]);
          add('TPROXY: included inbound port goes to Envoy', mode, INBOUND, MANGLE, [nft.l4proto('tcp'), nft.port('tcp', 'dst', port), c(), nft.jump(TPROXY)]);
        }
      }
    } else {
      add('inbound TCP enters istio-inbound', ['inboundPortsInclude'], PREROUTING, NAT, [nft.l4proto('tcp'), c(), nft.jump(INBOUND)]);
      if (cfg.inboundPortsInclude === '*') {
        for (const port of splitList(cfg.inboundPortsExclude)) {
          add('excluded inbound port', ['inboundPortsExclude'], INBOUND, NAT, [nft.l4proto('tcp'), nft.port('tcp', 'dst', port), c(), nft.ret()]);
        }
        add('all other inbound TCP goes to Envoy', ['inboundPortsInclude'], INBOUND, NAT, [nft.l4proto('tcp'), c(), nft.jump(IN_REDIRECT)]);
      } else {
        for (const port of splitList(cfg.inboundPortsInclude)) {
          add('included inbound port goes to Envoy', ['inboundPortsInclude'], INBOUND, NAT, [nft.l4proto('tcp'), nft.port('tcp', 'dst', port), c(), nft.jump(IN_REDIRECT)]);
        }
      }
    }
  }

  add('all outbound traffic enters istio-output', [], OUTPUT, NAT, [c(), nft.jump(OUTPUT_CHAIN)]);
  for (const port of splitList(cfg.outboundPortsExclude)) {
    add('excluded outbound port', ['outboundPortsExclude'], OUTPUT_CHAIN, NAT, [nft.port('tcp', 'dst', port), c(), nft.ret()]);
    add('excluded outbound port', ['outboundPortsExclude'], OUTPUT_CHAIN, NAT, [nft.port('udp', 'dst', port), c(), nft.ret()]);
  }
  add('Envoy inbound passthrough (source 127.0.0.6) is not captured', [], OUTPUT_CHAIN, NAT, [nft.oifname('lo'), nft.addr('ipv4', 'src', '127.0.0.6/32'), c(), nft.ret()]);
  add6('Envoy inbound passthrough (source ::6) is not captured', [], OUTPUT_CHAIN, NAT, [nft.oifname('lo'), nft.addr('ipv6', 'src', '::6/128'), c(), nft.ret()]);

  const loopbackIncluded = include.v4.hasLoopback || include.v6.hasLoopback;
  for (const kind of ['uid', 'gid'] as const) {
    const field: ConfigField = kind === 'uid' ? 'proxyUID' : 'proxyGID';
    for (const id of splitList(cfg[field])) {
      // Only the uid rule skips port 53 here; the gid rule never did (as in the iptables backend).
      const ports = dns && kind === 'uid' ? `{ 53, ${cfg.inboundTunnelPort} }` : cfg.inboundTunnelPort;
      const why = 'proxy talking to its own pod over lo goes back through Envoy inbound';
      const fields: ConfigField[] = dns && kind === 'uid' ? [field, 'redirectDNS', 'inboundTunnelPort'] : [field, 'inboundTunnelPort'];
      add(why, [...fields, 'hostIPv4LoopbackCidr'], OUTPUT_CHAIN, NAT, [nft.oifname('lo'), nft.l4proto('tcp'), nft.addr('ipv4', 'dst', lo, true), nft.port('tcp', 'dst', ports, true), nft.owner(kind, id), c(), nft.jump(IN_REDIRECT)]);
      add6(why, fields, OUTPUT_CHAIN, NAT, [nft.oifname('lo'), nft.l4proto('tcp'), nft.addr('ipv6', 'dst', V6_LOOPBACK, true), nft.port('tcp', 'dst', ports, true), nft.owner(kind, id), c(), nft.jump(IN_REDIRECT)]);
      if (!loopbackIncluded) {
        if (dns) add('app traffic over lo is not captured (except DNS)', [field, 'redirectDNS', 'outboundIPRangesInclude'], OUTPUT_CHAIN, NAT, [nft.oifname('lo'), nft.l4proto('tcp'), nft.port('tcp', 'dst', '53', true), nft.owner(kind, id, true), c(), nft.ret()]);
        else add('app traffic over lo is not captured', [field, 'outboundIPRangesInclude'], OUTPUT_CHAIN, NAT, [nft.oifname('lo'), nft.owner(kind, id, true), c(), nft.ret()]);
      }
      add(`proxy's own outbound traffic is not captured`, [field], OUTPUT_CHAIN, NAT, [nft.owner(kind, id), c(), nft.ret()]);
    }
  }

  const groups = ownerGroupFilter(cfg.ownerGroupsInclude, cfg.ownerGroupsExclude);
  if (groups.except) {
    for (const g of groups.values) add('traffic of an excluded owner group is not captured', ['ownerGroupsExclude'], OUTPUT_CHAIN, NAT, [nft.owner('gid', g), c(), nft.ret()]);
  } else {
    add('only the included owner groups are captured', ['ownerGroupsInclude'], OUTPUT_CHAIN, NAT, [...groups.values.map((g) => nft.owner('gid', g, true)), c(), nft.ret()]);
  }

  if (dns) addDns(cfg, add, add6);

  add('traffic to loopback is not captured', ['hostIPv4LoopbackCidr'], OUTPUT_CHAIN, NAT, [nft.addr('ipv4', 'dst', lo), c(), nft.ret()]);
  add6('traffic to loopback is not captured', [], OUTPUT_CHAIN, NAT, [nft.addr('ipv6', 'dst', V6_LOOPBACK), c(), nft.ret()]);
  for (const cidr of exclude.v4.cidrs) add('excluded outbound CIDR', ['outboundIPRangesExclude'], OUTPUT_CHAIN, NAT, [nft.addr('ipv4', 'dst', cidr), c(), nft.ret()]);
  for (const cidr of exclude.v6.cidrs) add6('excluded outbound CIDR', ['outboundIPRangesExclude'], OUTPUT_CHAIN, NAT, [nft.addr('ipv6', 'dst', cidr), c(), nft.ret()]);
  for (const port of splitList(cfg.outboundPortsInclude)) {
    add('included outbound port', ['outboundPortsInclude'], OUTPUT_CHAIN, NAT, [nft.port('tcp', 'dst', port), c(), nft.jump(REDIRECT)]);
  }
  addOutboundInclude(cfg, include.v4, include.v6, add, add6);

  if (tp) {
    const m = cfg.inboundTProxyMark;
    const f: ConfigField[] = ['inboundInterceptionMode', 'inboundTProxyMark'];
    add('TPROXY: remember the mark on the connection', f, PREROUTING, MANGLE, [nft.l4proto('tcp'), nft.mark(m), c(), nft.ctMarkFromMark()]);
    add('TPROXY: marked traffic over lo is left alone', f, OUTPUT, MANGLE, [nft.oifname('lo'), nft.l4proto('tcp'), nft.mark(m), c(), nft.ret()]);
    for (const kind of ['uid', 'gid'] as const) {
      const field: ConfigField = kind === 'uid' ? 'proxyUID' : 'proxyGID';
      for (const id of splitList(cfg[field])) {
        const why = 'TPROXY: proxy traffic to its own pod over lo is marked outbound';
        add(why, [...f, field, 'hostIPv4LoopbackCidr'], OUTPUT, MANGLE, [nft.oifname('lo'), nft.l4proto('tcp'), nft.addr('ipv4', 'dst', lo, true), nft.owner(kind, id), c(), nft.setMark(OUTBOUND_MARK)]);
        add6(why, [...f, field], OUTPUT, MANGLE, [nft.oifname('lo'), nft.l4proto('tcp'), nft.addr('ipv6', 'dst', V6_LOOPBACK, true), nft.owner(kind, id), c(), nft.setMark(OUTBOUND_MARK)]);
      }
    }
    add('TPROXY: replies get the connection mark back', f, OUTPUT, MANGLE, [nft.l4proto('tcp'), nft.ctmark(m), c(), nft.markFromCtMark()]);
    add('TPROXY: already-marked packets are not captured again', f, INBOUND, MANGLE, [nft.l4proto('tcp'), nft.mark(m), c(), nft.ret()], 0);
    add('TPROXY: Envoy inbound passthrough is not captured', f, INBOUND, MANGLE, [nft.iifname('lo'), nft.l4proto('tcp'), nft.addr('ipv4', 'src', '127.0.0.6/32'), c(), nft.ret()], 1);
    add6('TPROXY: Envoy inbound passthrough is not captured', f, INBOUND, MANGLE, [nft.iifname('lo'), nft.l4proto('tcp'), nft.addr('ipv6', 'src', '::6/128'), c(), nft.ret()], 1);
    add('TPROXY: lo traffic not marked outbound is not captured', f, INBOUND, MANGLE, [nft.iifname('lo'), nft.l4proto('tcp'), nft.mark(OUTBOUND_MARK, true), c(), nft.ret()], 2);
  }

  if (truncated) diagnostics.push(diagnostic('iptables', 'error', 'the configuration produces too many rules; the list was cut short'));
  return { program: transaction(cfg, rules), dnsCapture: dns, diagnostics, ok: !truncated, rules };
}

type Add = (why: string, fields: ConfigField[], chain: string, table: string, elements: Array<Match | Statement>, index?: number) => void;

function addDns(cfg: CaptureConfig, add: Add, add6: Add): void {
  const all = cfg.captureAllDNS;
  const v4 = cfg.dnsServersV4;
  const v6 = cfg.dnsServersV6;
  const f: ConfigField[] = ['redirectDNS', 'captureAllDNS'];
  const s4: ConfigField[] = ['redirectDNS', 'dnsServersV4'];
  const s6: ConfigField[] = ['redirectDNS', 'dnsServersV6'];
  const c = nft.counter;
  const to = () => nft.redirect(`:${DNS_PORT}`);
  add('DNS: outbound UDP gets a conntrack zone', f, OUTPUT, RAW, [c(), nft.jump(OUTPUT_DNS)]);
  if (all || v4.length || v6.length) add('DNS: outbound traffic checks for DNS', f, OUTPUT_CHAIN, NAT, [c(), nft.jump(OUTPUT_DNS)]);
  if (all) add('DNS over TCP goes to the agent', f, OUTPUT_DNS, NAT, [nft.l4proto('tcp'), nft.port('tcp', 'dst', '53'), c(), to()]);
  else {
    for (const s of v4) add('DNS over TCP to a resolv.conf server goes to the agent', s4, OUTPUT_DNS, NAT, [nft.addr('ipv4', 'dst', `${s}/32`), nft.port('tcp', 'dst', '53'), c(), to()]);
    for (const s of v6) add6('DNS over TCP to a resolv.conf server goes to the agent', s6, OUTPUT_DNS, NAT, [nft.addr('ipv6', 'dst', `${s}/128`), nft.port('tcp', 'dst', '53'), c(), to()]);
  }
  if (all) add('DNS over UDP goes to the agent', f, OUTPUT_DNS, NAT, [nft.port('udp', 'dst', '53'), c(), to()]);
  else {
    for (const s of v4) add('DNS over UDP to a resolv.conf server goes to the agent', s4, OUTPUT_DNS, NAT, [nft.addr('ipv4', 'dst', `${s}/32`), nft.port('udp', 'dst', '53'), c(), to()]);
    for (const s of v6) add6('DNS over UDP to a resolv.conf server goes to the agent', s6, OUTPUT_DNS, NAT, [nft.addr('ipv6', 'dst', `${s}/128`), nft.port('udp', 'dst', '53'), c(), to()]);
  }
  for (const kind of ['uid', 'gid'] as const) {
    const field: ConfigField = kind === 'uid' ? 'proxyUID' : 'proxyGID';
    for (const id of splitList(cfg[field])) {
      add(`DNS: the proxy's own DNS queries use zone 1`, ['redirectDNS', field], OUTPUT_DNS, RAW, [nft.port('udp', 'dst', '53'), nft.owner(kind, id, false, true), c(), nft.ctZone('1')]);
      add(`DNS: the agent's DNS answers use zone 2`, ['redirectDNS', field], OUTPUT_DNS, RAW, [nft.port('udp', 'src', DNS_PORT), nft.owner(kind, id, false, true), c(), nft.ctZone('2')]);
    }
  }
  if (all) {
    add('DNS: inbound UDP gets a conntrack zone', f, PREROUTING, RAW, [c(), nft.jump(INBOUND)]);
    add('DNS: app DNS queries use zone 2', f, OUTPUT_DNS, RAW, [nft.port('udp', 'dst', '53'), c(), nft.ctZone('2')]);
    add('DNS: DNS answers use zone 1', f, INBOUND, RAW, [nft.port('udp', 'src', '53'), c(), nft.ctZone('1')]);
    return;
  }
  if (v4.length || v6.length) add('DNS: inbound UDP gets a conntrack zone', ['redirectDNS', 'dnsServersV4', 'dnsServersV6'], PREROUTING, RAW, [c(), nft.jump(INBOUND)]);
  for (const s of v4) {
    add('DNS: app DNS queries to a resolv.conf server use zone 2', s4, OUTPUT_DNS, RAW, [nft.port('udp', 'dst', '53'), nft.addr('ipv4', 'dst', `${s}/32`), c(), nft.ctZone('2')]);
    add('DNS: answers from a resolv.conf server use zone 1', s4, INBOUND, RAW, [nft.port('udp', 'src', '53'), nft.addr('ipv4', 'src', `${s}/32`), c(), nft.ctZone('1')]);
  }
  for (const s of v6) {
    add6('DNS: app DNS queries to a resolv.conf server use zone 2', s6, OUTPUT_DNS, RAW, [nft.port('udp', 'dst', '53'), nft.addr('ipv6', 'dst', `${s}/128`), c(), nft.ctZone('2')]);
    add6('DNS: answers from a resolv.conf server use zone 1', s6, INBOUND, RAW, [nft.port('udp', 'src', '53'), nft.addr('ipv6', 'src', `${s}/128`), c(), nft.ctZone('1')]);
  }
}

function addOutboundInclude(cfg: CaptureConfig, v4: NetworkRange, v6: NetworkRange, add: Add, add6: Add): void {
  const virt = splitList(cfg.rerouteVirtualInterfaces);
  const c = nft.counter;
  const f: ConfigField[] = ['outboundIPRangesInclude'];
  const fv: ConfigField[] = ['rerouteVirtualInterfaces', 'outboundIPRangesInclude'];
  if (v4.isWildcard || v6.isWildcard) {
    add('all other outbound traffic goes to Envoy', f, OUTPUT_CHAIN, NAT, [c(), nft.jump(REDIRECT)]);
    for (const nic of virt) add('traffic from a virtual interface goes to Envoy outbound', fv, PREROUTING, NAT, [nft.iifname(nic), c(), nft.jump(REDIRECT)], 0);
    return;
  }
  for (const cidr of v4.cidrs) {
    for (const nic of virt) add('traffic from a virtual interface to an included CIDR goes to Envoy outbound', fv, PREROUTING, NAT, [nft.iifname(nic), nft.addr('ipv4', 'dst', cidr), c(), nft.jump(REDIRECT)], 0);
    add('outbound traffic to an included CIDR goes to Envoy', f, OUTPUT_CHAIN, NAT, [nft.addr('ipv4', 'dst', cidr), c(), nft.jump(REDIRECT)]);
  }
  for (const cidr of v6.cidrs) {
    for (const nic of virt) add6('traffic from a virtual interface to an included CIDR goes to Envoy outbound', fv, PREROUTING, NAT, [nft.iifname(nic), nft.addr('ipv6', 'dst', cidr), c(), nft.jump(REDIRECT)], 0);
    add6('outbound traffic to an included CIDR goes to Envoy', f, OUTPUT_CHAIN, NAT, [nft.addr('ipv6', 'dst', cidr), c(), nft.jump(REDIRECT)]);
  }
}

/** The knftables transaction: tables nat, mangle, raw, each only with the chains that got rules. */
function transaction(cfg: CaptureConfig, rules: NftBuilt[]): Program {
  const ops: Op[] = [];
  for (const table of [NAT, MANGLE, RAW]) {
    if (cfg.cleanupOnly) {
      ops.push({ op: 'table', table, family: 'inet' }, { op: 'deleteTable', table, family: 'inet' });
      continue;
    }
    const mine = rules.filter((r) => r.table === table);
    const withRules = CHAINS[table].filter((ch) => mine.some((r) => r.chain === ch.name));
    if (!withRules.length) continue;
    ops.push({ op: 'table', table, family: 'inet' }, { op: 'flushTable', table, family: 'inet' });
    for (const ch of withRules) ops.push({ op: 'chain', table, family: 'inet', chain: ch.name, ...(ch.base ? { base: ch.base } : {}) });
    const count = new Map<string, number>();
    for (const r of mine) {
      const n = count.get(r.chain) ?? 0;
      // nft cannot insert at an index the chain does not hold yet: knftables' caller appends instead.
      const insert = r.index !== undefined && n > 0 && r.index < n;
      ops.push({ op: 'rule', table, family: 'inet', chain: r.chain, insert, ...(insert ? { at: r.index } : {}), rule: r.rule });
      count.set(r.chain, n + 1);
    }
  }
  return { backend: 'nftables', ops };
}
