/**
 * The rule generator (istio-iptables' capture Run): configuration in, ordered IPv4/IPv6 rule lists out.
 * Every rule records the step and the configuration fields that produced it.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { ipt } from '../netfilter/index.ts';
import { createRuleBuilder, type RuleBuilder } from './builder.ts';
import { isTproxy, type CaptureConfig } from './config.ts';
import { ownerGroupFilter, separateV4V6, splitList, type NetworkRange, type OwnerGroupFilter } from './lists.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';
import { withTraceLogging } from './traceLogging.ts';

/** The istio-iptables switches of a release (src/engine/releases, releases.md §3). */
type Release = ReleaseBehaviour['iptables'];

const INBOUND = 'ISTIO_INBOUND';
const REDIRECT = 'ISTIO_REDIRECT';
const IN_REDIRECT = 'ISTIO_IN_REDIRECT';
const OUTPUT = 'ISTIO_OUTPUT';
const OUTPUT_DNS = 'ISTIO_OUTPUT_DNS';
const DIVERT = 'ISTIO_DIVERT';
const TPROXY = 'ISTIO_TPROXY';
const DROP = 'ISTIO_DROP';

const OUTBOUND_MARK = '1338';
const DNS_AGENT_PORT = '15053';
const IPV6_LOOPBACK = '::1/128';

const fam = (f: 'v4' | 'v6') => (f === 'v4' ? 'ipv4' : 'ipv6');

export interface Generated {
  builder: RuleBuilder;
  /** Whether DNS capture is in effect (redirect-dns with capture-all or some server). */
  dnsCapture: boolean;
  diagnostics: Diagnostic[];
  /** False when the program would stop with an error before emitting rules. */
  ok: boolean;
}

export function generateRules(cfg: CaptureConfig, release: Release = MASTER_BEHAVIOUR.iptables): Generated {
  const diagnostics: Diagnostic[] = [];
  const b = createRuleBuilder(cfg.enableIPv6);
  const tp = isTproxy(cfg);
  const lo = cfg.hostIPv4LoopbackCidr;
  // Before 1.27 a CIDR that does not parse is skipped "for bug compatibility"; from 1.27 it stops the program.
  const skipBad = release.badCidr === 'ignore';
  const ignoring = (list: { skipped?: string[] }) => {
    for (const e of list.skipped ?? []) diagnostics.push(diagnostic('iptables', 'warning', `Ignoring error for bug compatibility with istio-iptables: ${e}`));
  };

  const exclude = separateV4V6(cfg.outboundIPRangesExclude, skipBad);
  ignoring(exclude);
  if (exclude.error) {
    diagnostics.push(diagnostic('iptables', 'error', `istio-service-exclude-cidr (-x): ${exclude.error}`));
    return { builder: b, dnsCapture: false, diagnostics, ok: false };
  }
  if (exclude.v4.isWildcard) {
    diagnostics.push(diagnostic('iptables', 'error', 'invalid value for OUTBOUND_IP_RANGES_EXCLUDE: "*" cannot be excluded (-x)'));
    return { builder: b, dnsCapture: false, diagnostics, ok: false };
  }
  const include = separateV4V6(cfg.outboundIPRangesInclude, skipBad);
  ignoring(include);
  if (include.error) {
    diagnostics.push(diagnostic('iptables', 'error', `istio-service-cidr (-i): ${include.error}`));
    return { builder: b, dnsCapture: false, diagnostics, ok: false };
  }

  let dns = cfg.redirectDNS;
  // Before 1.25, --redirect-dns alone turns DNS capture on, servers or not.
  if (release.dnsNeedsServers && dns && !cfg.captureAllDNS && cfg.dnsServersV4.length === 0 && cfg.dnsServersV6.length === 0) {
    diagnostics.push(diagnostic('iptables', 'warning', 'DNS redirection is on, but capture-all-dns is off and no DNS servers were found: DNS capture disabled'));
    dns = false;
  }

  const excludeIfaces = splitList(cfg.excludeInterfaces);
  for (const nic of excludeIfaces) {
    b.append('excluded interface: inbound not captured', ['excludeInterfaces'], 'PREROUTING', 'nat', [ipt.inIface(nic)], ipt.ret());
    b.append('excluded interface: outbound not captured', ['excludeInterfaces'], 'OUTPUT', 'nat', [ipt.outIface(nic)], ipt.ret());
  }
  if (tp) {
    for (const nic of excludeIfaces) {
      b.append('excluded interface (TPROXY mangle)', ['excludeInterfaces', 'inboundInterceptionMode'], 'PREROUTING', 'mangle', [ipt.inIface(nic)], ipt.ret());
      b.append('excluded interface (TPROXY mangle)', ['excludeInterfaces', 'inboundInterceptionMode'], 'OUTPUT', 'mangle', [ipt.outIface(nic)], ipt.ret());
    }
  }

  const virtIfaces = splitList(cfg.rerouteVirtualInterfaces);
  for (const nic of virtIfaces) {
    b.insert('virtual interface: not treated as inbound', ['rerouteVirtualInterfaces'], 'PREROUTING', 'nat', 1, [ipt.inIface(nic)], ipt.ret());
  }

  if (cfg.dropInvalid && release.dropInvalidChain) {
    b.append('drop conntrack-INVALID packets', ['dropInvalid'], 'PREROUTING', 'mangle', [ipt.ctstate('INVALID')], ipt.jump(DROP));
    b.append('drop conntrack-INVALID packets', ['dropInvalid'], DROP, 'mangle', [], ipt.drop());
  } else if (cfg.dropInvalid) {
    b.append('drop conntrack-INVALID packets', ['dropInvalid'], 'PREROUTING', 'mangle', [ipt.ctstate('INVALID')], ipt.drop());
  }

  b.append('tunnel (HBONE) port is never captured inbound', ['inboundTunnelPort'], INBOUND, 'nat', [ipt.proto('tcp'), ipt.dport('tcp', cfg.inboundTunnelPort)], ipt.ret());
  b.append('outbound capture: redirect to Envoy outbound', ['proxyPort'], REDIRECT, 'nat', [ipt.proto('tcp')], ipt.redirect(cfg.proxyPort));
  b.append('inbound capture: redirect to Envoy inbound', ['inboundCapturePort'], IN_REDIRECT, 'nat', [ipt.proto('tcp')], ipt.redirect(cfg.inboundCapturePort));

  addInbound(b, cfg, tp);

  if (release.outputJumpTcpOnly) b.append('outbound TCP enters ISTIO_OUTPUT', [], 'OUTPUT', 'nat', [ipt.proto('tcp')], ipt.jump(OUTPUT));
  else b.append('all outbound traffic enters ISTIO_OUTPUT', [], 'OUTPUT', 'nat', [], ipt.jump(OUTPUT));

  for (const port of splitList(cfg.outboundPortsExclude)) {
    b.append('excluded outbound port', ['outboundPortsExclude'], OUTPUT, 'nat', [ipt.proto('tcp'), ipt.dport('tcp', port)], ipt.ret());
    if (release.outboundPortUdpReturn) b.append('excluded outbound port', ['outboundPortsExclude'], OUTPUT, 'nat', [ipt.proto('udp'), ipt.dport('udp', port)], ipt.ret());
  }

  b.appendVersioned('Envoy inbound passthrough (source 127.0.0.6 / ::6) is not captured', [], '127.0.0.6/32', '::6/128', OUTPUT, 'nat', (v, f) => [[ipt.outIface('lo'), ipt.src(v, fam(f))], ipt.ret()]);

  const loopbackIncluded = include.v4.hasLoopback || include.v6.hasLoopback;
  addOwnerExemptions(b, cfg, 'uid', dns, loopbackIncluded);
  addOwnerExemptions(b, cfg, 'gid', dns, loopbackIncluded);

  const groups = ownerGroupFilter(cfg.ownerGroupsInclude, cfg.ownerGroupsExclude);
  if (groups.except) {
    for (const g of groups.values) {
      b.append('traffic of an excluded owner group is not captured', ['ownerGroupsExclude'], OUTPUT, 'nat', [ipt.gidOwner(g)], ipt.ret());
    }
  } else {
    b.append('only the included owner groups are captured', ['ownerGroupsInclude'], OUTPUT, 'nat', groups.values.map((g) => ipt.gidOwner(g, true)), ipt.ret());
  }

  if (dns && release.dns === 'chains') addDns(b, cfg);
  else if (dns) addLegacyDnsTcp(b, cfg);

  b.appendVersioned('traffic to loopback is not captured', ['hostIPv4LoopbackCidr'], lo, IPV6_LOOPBACK, OUTPUT, 'nat', (v, f) => [[ipt.dst(v, fam(f))], ipt.ret()]);
  for (const c of exclude.v4.cidrs) b.appendV4('excluded outbound CIDR', ['outboundIPRangesExclude'], OUTPUT, 'nat', [ipt.dst(c, 'ipv4')], ipt.ret());
  for (const c of exclude.v6.cidrs) b.appendV6('excluded outbound CIDR', ['outboundIPRangesExclude'], OUTPUT, 'nat', [ipt.dst(c, 'ipv6')], ipt.ret());

  for (const port of splitList(cfg.outboundPortsInclude)) {
    b.append('included outbound port', ['outboundPortsInclude'], OUTPUT, 'nat', [ipt.proto('tcp'), ipt.dport('tcp', port)], ipt.jump(REDIRECT));
  }

  addOutboundInclude(b, cfg, include.v4, 'v4', release.includeCidrTrailingReturn);
  addOutboundInclude(b, cfg, include.v6, 'v6', release.includeCidrTrailingReturn);

  if (dns && release.dns === 'legacy') addLegacyDnsUdp(b, cfg, release.legacyDnsChains, groups);

  if (tp) addTproxyPlumbing(b, cfg);

  if (cfg.traceLogging && release.traceLogging === 'rules') {
    b.v4.splice(0, b.v4.length, ...withTraceLogging(b.v4, release.traceLoggingQuotedPrefix));
    b.v6.splice(0, b.v6.length, ...withTraceLogging(b.v6, release.traceLoggingQuotedPrefix));
  } else if (cfg.traceLogging) {
    diagnostics.push(diagnostic('iptables', 'info', '--iptables-trace-logging has no effect in this release'));
  }

  if (b.truncated) diagnostics.push(diagnostic('iptables', 'error', 'the configuration produces too many rules; the list was cut short'));
  return { builder: b, dnsCapture: dns, diagnostics, ok: !b.truncated };
}

function addInbound(b: RuleBuilder, cfg: CaptureConfig, tp: boolean): void {
  if (cfg.inboundPortsInclude === '') return;
  const mode = ['inboundInterceptionMode'] as const;
  if (tp) {
    b.append('TPROXY: mark diverted packets', [...mode, 'inboundTProxyMark'], DIVERT, 'mangle', [], ipt.setMark(cfg.inboundTProxyMark));
    b.append('TPROXY: accept diverted packets', [...mode], DIVERT, 'mangle', [], ipt.accept());
    b.appendVersioned('TPROXY: hand new inbound connections to Envoy inbound', [...mode, 'inboundTProxyMark', 'inboundCapturePort', 'hostIPv4LoopbackCidr'],
      cfg.hostIPv4LoopbackCidr, IPV6_LOOPBACK, TPROXY, 'mangle',
      (v, f) => [[ipt.dst(v, fam(f), true), ipt.proto('tcp')], ipt.tproxy(`${cfg.inboundTProxyMark}/0xffffffff`, cfg.inboundCapturePort)]);
  }
  const table = tp ? 'mangle' : 'nat';
  b.append('inbound TCP enters ISTIO_INBOUND', ['inboundPortsInclude', ...mode], 'PREROUTING', table, [ipt.proto('tcp')], ipt.jump(INBOUND));

  if (cfg.inboundPortsInclude === '*') {
    for (const port of splitList(cfg.inboundPortsExclude)) {
      b.append('excluded inbound port', ['inboundPortsExclude'], INBOUND, table, [ipt.proto('tcp'), ipt.dport('tcp', port)], ipt.ret());
    }
    if (tp) {
      b.append('TPROXY: packets of established inbound connections are diverted', ['inboundPortsInclude', ...mode], INBOUND, 'mangle', [ipt.proto('tcp'), ipt.ctstate('RELATED,ESTABLISHED')], ipt.jump(DIVERT));
      b.append('TPROXY: all other inbound TCP goes to Envoy', ['inboundPortsInclude', ...mode], INBOUND, 'mangle', [ipt.proto('tcp')], ipt.jump(TPROXY));
    } else {
      b.append('all other inbound TCP goes to Envoy', ['inboundPortsInclude'], INBOUND, 'nat', [ipt.proto('tcp')], ipt.jump(IN_REDIRECT));
    }
    return;
  }
  for (const port of splitList(cfg.inboundPortsInclude)) {
    if (tp) {
      b.append('TPROXY: established connections to an included inbound port are diverted', ['inboundPortsInclude', ...mode], INBOUND, 'mangle', [ipt.proto('tcp'), ipt.dport('tcp', port), ipt.ctstate('RELATED,ESTABLISHED')], ipt.jump(DIVERT));
      b.append('TPROXY: included inbound port goes to Envoy', ['inboundPortsInclude', ...mode], INBOUND, 'mangle', [ipt.proto('tcp'), ipt.dport('tcp', port)], ipt.jump(TPROXY));
    } else {
      b.append('included inbound port goes to Envoy', ['inboundPortsInclude'], INBOUND, 'nat', [ipt.proto('tcp'), ipt.dport('tcp', port)], ipt.jump(IN_REDIRECT));
    }
  }
}

/** The three rules per proxy uid (or gid) that keep Envoy's own traffic out of the capture. */
function addOwnerExemptions(b: RuleBuilder, cfg: CaptureConfig, kind: 'uid' | 'gid', dns: boolean, loopbackIncluded: boolean): void {
  const field = kind === 'uid' ? 'proxyUID' : 'proxyGID';
  const owner = kind === 'uid' ? ipt.uidOwner : ipt.gidOwner;
  const lo = cfg.hostIPv4LoopbackCidr;
  for (const id of splitList(cfg[field])) {
    // Only the uid rule skips port 53 here; the gid rule never did (an upstream asymmetry kept as is).
    if (dns && kind === 'uid') {
      b.appendVersioned('proxy talking to its own pod over lo goes back through Envoy inbound', [field, 'redirectDNS', 'inboundTunnelPort'], lo, IPV6_LOOPBACK, OUTPUT, 'nat',
        (v, f) => [[ipt.outIface('lo'), ipt.dst(v, fam(f), true), ipt.proto('tcp'), ipt.dports('tcp', `53,${cfg.inboundTunnelPort}`, true), owner(id)], ipt.jump(IN_REDIRECT)]);
    } else {
      b.appendVersioned('proxy talking to its own pod over lo goes back through Envoy inbound', [field, 'inboundTunnelPort'], lo, IPV6_LOOPBACK, OUTPUT, 'nat',
        (v, f) => [[ipt.outIface('lo'), ipt.dst(v, fam(f), true), ipt.proto('tcp'), ipt.dport('tcp', cfg.inboundTunnelPort, true), owner(id)], ipt.jump(IN_REDIRECT)]);
    }
    if (!loopbackIncluded) {
      if (dns) {
        b.append('app traffic over lo is not captured (except DNS)', [field, 'redirectDNS', 'outboundIPRangesInclude'], OUTPUT, 'nat', [ipt.outIface('lo'), ipt.proto('tcp'), ipt.dport('tcp', '53', true), owner(id, true)], ipt.ret());
      } else {
        b.append('app traffic over lo is not captured', [field, 'outboundIPRangesInclude'], OUTPUT, 'nat', [ipt.outIface('lo'), owner(id, true)], ipt.ret());
      }
    }
    b.append(`proxy's own outbound traffic is not captured`, [field], OUTPUT, 'nat', [owner(id)], ipt.ret());
  }
}

function addDns(b: RuleBuilder, cfg: CaptureConfig): void {
  const all = cfg.captureAllDNS;
  const v4 = cfg.dnsServersV4;
  const v6 = cfg.dnsServersV6;
  const f = ['redirectDNS', 'captureAllDNS'] as const;
  const sv4 = ['redirectDNS', 'dnsServersV4'] as const;
  const sv6 = ['redirectDNS', 'dnsServersV6'] as const;

  b.append('DNS: outbound UDP gets a conntrack zone', [...f], 'OUTPUT', 'raw', [], ipt.jump(OUTPUT_DNS));
  if (all || v4.length) b.appendV4('DNS: outbound traffic checks for DNS', [...f], OUTPUT, 'nat', [], ipt.jump(OUTPUT_DNS));
  if (all || v6.length) b.appendV6('DNS: outbound traffic checks for DNS', [...f], OUTPUT, 'nat', [], ipt.jump(OUTPUT_DNS));

  for (const proto of ['tcp', 'udp'] as const) {
    // The UDP rule spells the option --to-port; iptables accepts both.
    const to = () => ipt.redirect(DNS_AGENT_PORT, proto === 'tcp' ? '--to-ports' : '--to-port');
    const dns53 = [ipt.proto(proto), ipt.dport(proto, '53')];
    if (all) {
      b.append(`DNS over ${proto.toUpperCase()} goes to the agent`, [...f], OUTPUT_DNS, 'nat', dns53, to());
      continue;
    }
    for (const s of v4) b.appendV4(`DNS over ${proto.toUpperCase()} to a resolv.conf server goes to the agent`, [...sv4], OUTPUT_DNS, 'nat', [...dns53, ipt.dst(`${s}/32`, 'ipv4')], to());
    for (const s of v6) b.appendV6(`DNS over ${proto.toUpperCase()} to a resolv.conf server goes to the agent`, [...sv6], OUTPUT_DNS, 'nat', [...dns53, ipt.dst(`${s}/128`, 'ipv6')], to());
  }

  for (const [field, owner] of [['proxyUID', ipt.uidOwner], ['proxyGID', ipt.gidOwner]] as const) {
    for (const id of splitList(cfg[field])) {
      b.append(`DNS: the proxy's own DNS queries use zone 1`, ['redirectDNS', field], OUTPUT_DNS, 'raw', [ipt.proto('udp'), ipt.dport('udp', '53'), owner(id)], ipt.ctZone('1'));
      b.append(`DNS: the agent's DNS answers use zone 2`, ['redirectDNS', field], OUTPUT_DNS, 'raw', [ipt.proto('udp'), ipt.sport('udp', DNS_AGENT_PORT), owner(id)], ipt.ctZone('2'));
    }
  }

  if (all) {
    b.append('DNS: inbound UDP gets a conntrack zone', [...f], 'PREROUTING', 'raw', [], ipt.jump(INBOUND));
    b.append('DNS: app DNS queries use zone 2', [...f], OUTPUT_DNS, 'raw', [ipt.proto('udp'), ipt.dport('udp', '53')], ipt.ctZone('2'));
    b.append('DNS: DNS answers use zone 1', [...f], INBOUND, 'raw', [ipt.proto('udp'), ipt.sport('udp', '53')], ipt.ctZone('1'));
    return;
  }
  if (v4.length) {
    b.appendV4('DNS: inbound UDP gets a conntrack zone', [...sv4], 'PREROUTING', 'raw', [], ipt.jump(INBOUND));
    for (const s of v4) {
      b.appendV4('DNS: app DNS queries to a resolv.conf server use zone 2', [...sv4], OUTPUT_DNS, 'raw', [ipt.proto('udp'), ipt.dport('udp', '53'), ipt.dst(`${s}/32`, 'ipv4')], ipt.ctZone('2'));
      b.appendV4('DNS: answers from a resolv.conf server use zone 1', [...sv4], INBOUND, 'raw', [ipt.proto('udp'), ipt.sport('udp', '53'), ipt.src(`${s}/32`, 'ipv4')], ipt.ctZone('1'));
    }
  }
  if (v6.length) {
    b.appendV6('DNS: inbound UDP gets a conntrack zone', [...sv6], 'PREROUTING', 'raw', [], ipt.jump(INBOUND));
    for (const s of v6) {
      b.appendV6('DNS: app DNS queries to a resolv.conf server use zone 2', [...sv6], OUTPUT_DNS, 'raw', [ipt.proto('udp'), ipt.dport('udp', '53'), ipt.dst(`${s}/128`, 'ipv6')], ipt.ctZone('2'));
      b.appendV6('DNS: answers from a resolv.conf server use zone 1', [...sv6], INBOUND, 'raw', [ipt.proto('udp'), ipt.sport('udp', '53'), ipt.src(`${s}/128`, 'ipv6')], ipt.ctZone('1'));
    }
  }
}

function addOutboundInclude(b: RuleBuilder, cfg: CaptureConfig, range: NetworkRange, family: 'v4' | 'v6', trailingReturn: boolean): void {
  const append = family === 'v4' ? b.appendV4 : b.appendV6;
  const insert = family === 'v4' ? b.insertV4 : b.insertV6;
  const virt = splitList(cfg.rerouteVirtualInterfaces);
  if (range.isWildcard) {
    append('all other outbound traffic goes to Envoy', ['outboundIPRangesInclude'], OUTPUT, 'nat', [], ipt.jump(REDIRECT));
    for (const nic of virt) insert('traffic from a virtual interface goes to Envoy outbound', ['rerouteVirtualInterfaces', 'outboundIPRangesInclude'], 'PREROUTING', 'nat', 1, [ipt.inIface(nic)], ipt.jump(REDIRECT));
    return;
  }
  for (const cidr of range.cidrs) {
    for (const nic of virt) {
      insert('traffic from a virtual interface to an included CIDR goes to Envoy outbound', ['rerouteVirtualInterfaces', 'outboundIPRangesInclude'], 'PREROUTING', 'nat', 1, [ipt.inIface(nic), ipt.dst(cidr, fam(family))], ipt.jump(REDIRECT));
    }
    append('outbound traffic to an included CIDR goes to Envoy', ['outboundIPRangesInclude'], OUTPUT, 'nat', [ipt.dst(cidr, fam(family))], ipt.jump(REDIRECT));
  }
  // 1.22 closed a non-empty include list with a RETURN of its own.
  if (trailingReturn && range.cidrs.length) append('outbound traffic to other CIDRs is not captured', ['outboundIPRangesInclude'], OUTPUT, 'nat', [], ipt.ret());
}

/**
 * DNS capture before 1.25 (releases.md §3.3), first part: TCP DNS is redirected to the agent
 * straight from ISTIO_OUTPUT, where 1.25+ jumps to ISTIO_OUTPUT_DNS.
 */
function addLegacyDnsTcp(b: RuleBuilder, cfg: CaptureConfig): void {
  const to = () => ipt.redirect(DNS_AGENT_PORT, '--to-ports');
  const dns53 = () => [ipt.proto('tcp'), ipt.dport('tcp', '53')];
  if (cfg.captureAllDNS) {
    b.append('DNS over TCP goes to the agent', ['redirectDNS', 'captureAllDNS'], OUTPUT, 'nat', dns53(), to());
    return;
  }
  for (const s of cfg.dnsServersV4) b.appendV4('DNS over TCP to a resolv.conf server goes to the agent', ['redirectDNS', 'dnsServersV4'], OUTPUT, 'nat', [...dns53(), ipt.dst(`${s}/32`, 'ipv4')], to());
  for (const s of cfg.dnsServersV6) b.appendV6('DNS over TCP to a resolv.conf server goes to the agent', ['redirectDNS', 'dnsServersV6'], OUTPUT, 'nat', [...dns53(), ipt.dst(`${s}/128`, 'ipv6')], to());
}

/**
 * DNS capture before 1.25, second part (after the include CIDRs): the UDP rules in nat and raw.
 * 1.22 writes them on the built-in OUTPUT chains; 1.23–1.24 on ISTIO_OUTPUT, entered by UDP from OUTPUT.
 */
function addLegacyDnsUdp(b: RuleBuilder, cfg: CaptureConfig, chains: Release['legacyDnsChains'], groups: OwnerGroupFilter): void {
  const natChain = chains === 'builtin' ? 'OUTPUT' : OUTPUT;
  const rawChain = chains === 'builtin' ? 'OUTPUT' : OUTPUT;
  const all = cfg.captureAllDNS;
  const f = ['redirectDNS'] as const;
  const udp53 = () => [ipt.proto('udp'), ipt.dport('udp', '53')];
  if (chains === 'istioOutput') {
    b.append('outbound UDP enters ISTIO_OUTPUT (DNS)', [...f], 'OUTPUT', 'nat', [ipt.proto('udp')], ipt.jump(OUTPUT));
    b.append('outbound UDP enters ISTIO_OUTPUT (DNS conntrack zones)', [...f], 'OUTPUT', 'raw', [ipt.proto('udp')], ipt.jump(OUTPUT));
  }
  const owners = [['proxyUID', ipt.uidOwner], ['proxyGID', ipt.gidOwner]] as const;
  for (const [field, owner] of owners) {
    for (const id of splitList(cfg[field])) b.append(`the proxy's own DNS queries are not captured`, [...f, field], natChain, 'nat', [...udp53(), owner(id)], ipt.ret());
  }
  if (groups.except) {
    for (const g of groups.values) b.append('DNS of an excluded owner group is not captured', [...f, 'ownerGroupsExclude'], natChain, 'nat', [...udp53(), ipt.gidOwner(g)], ipt.ret());
  } else {
    b.append('DNS of groups not included is not captured', [...f, 'ownerGroupsInclude'], natChain, 'nat', [...udp53(), ...groups.values.map((g) => ipt.gidOwner(g, true))], ipt.ret());
  }
  const to = () => ipt.redirect(DNS_AGENT_PORT, '--to-port');
  if (all) {
    b.append('DNS over UDP goes to the agent', [...f, 'captureAllDNS'], natChain, 'nat', udp53(), to());
  } else {
    for (const s of cfg.dnsServersV4) b.appendV4('DNS over UDP to a resolv.conf server goes to the agent', [...f, 'dnsServersV4'], natChain, 'nat', [...udp53(), ipt.dst(`${s}/32`, 'ipv4')], to());
    for (const s of cfg.dnsServersV6) b.appendV6('DNS over UDP to a resolv.conf server goes to the agent', [...f, 'dnsServersV6'], natChain, 'nat', [...udp53(), ipt.dst(`${s}/128`, 'ipv6')], to());
  }
  for (const [field, owner] of owners) {
    for (const id of splitList(cfg[field])) {
      b.append(`DNS: the proxy's own DNS queries use zone 1`, [...f, field], rawChain, 'raw', [...udp53(), owner(id)], ipt.ctZone('1'));
      b.append(`DNS: the agent's DNS answers use zone 2`, [...f, field], rawChain, 'raw', [ipt.proto('udp'), ipt.sport('udp', DNS_AGENT_PORT), owner(id)], ipt.ctZone('2'));
    }
  }
  const answers = () => [ipt.proto('udp'), ipt.sport('udp', '53')];
  if (all) {
    b.append('DNS: app DNS queries use zone 2', [...f, 'captureAllDNS'], rawChain, 'raw', udp53(), ipt.ctZone('2'));
    b.append('DNS: DNS answers use zone 1', [...f, 'captureAllDNS'], 'PREROUTING', 'raw', answers(), ipt.ctZone('1'));
    return;
  }
  for (const [list, family, bits, field] of [[cfg.dnsServersV4, 'v4', 32, 'dnsServersV4'], [cfg.dnsServersV6, 'v6', 128, 'dnsServersV6']] as const) {
    const append = family === 'v4' ? b.appendV4 : b.appendV6;
    for (const s of list) {
      append('DNS: app DNS queries to a resolv.conf server use zone 2', [...f, field], rawChain, 'raw', [...udp53(), ipt.dst(`${s}/${bits}`, fam(family))], ipt.ctZone('2'));
      append('DNS: answers from a resolv.conf server use zone 1', [...f, field], 'PREROUTING', 'raw', [...answers(), ipt.src(`${s}/${bits}`, fam(family))], ipt.ctZone('1'));
    }
  }
}

/** TPROXY's mark and connmark plumbing, added whether or not inbound ports are captured. */
function addTproxyPlumbing(b: RuleBuilder, cfg: CaptureConfig): void {
  const m = cfg.inboundTProxyMark;
  const lo = cfg.hostIPv4LoopbackCidr;
  const f = ['inboundInterceptionMode', 'inboundTProxyMark'] as const;
  b.append('TPROXY: remember the mark on the connection', [...f], 'PREROUTING', 'mangle', [ipt.proto('tcp'), ipt.mark(m)], ipt.saveMark());
  b.append('TPROXY: marked traffic over lo is left alone', [...f], 'OUTPUT', 'mangle', [ipt.proto('tcp'), ipt.outIface('lo'), ipt.mark(m)], ipt.ret());
  for (const [field, owner] of [['proxyUID', ipt.uidOwner], ['proxyGID', ipt.gidOwner]] as const) {
    for (const id of splitList(cfg[field])) {
      b.appendVersioned('TPROXY: proxy traffic to its own pod over lo is marked outbound', [...f, field, 'hostIPv4LoopbackCidr'], lo, IPV6_LOOPBACK, 'OUTPUT', 'mangle',
        (v, fm) => [[ipt.dst(v, fam(fm), true), ipt.proto('tcp'), ipt.outIface('lo'), owner(id)], ipt.setMark(OUTBOUND_MARK)]);
    }
  }
  b.append('TPROXY: replies get the connection mark back', [...f], 'OUTPUT', 'mangle', [ipt.proto('tcp'), ipt.connmark(m)], ipt.restoreMark());
  b.insert('TPROXY: already-marked packets are not captured again', [...f], INBOUND, 'mangle', 1, [ipt.proto('tcp'), ipt.mark(m)], ipt.ret());
  b.insertV4('TPROXY: Envoy inbound passthrough is not captured', [...f], INBOUND, 'mangle', 2, [ipt.proto('tcp'), ipt.src('127.0.0.6/32', 'ipv4'), ipt.inIface('lo')], ipt.ret());
  b.insertV6('TPROXY: Envoy inbound passthrough is not captured', [...f], INBOUND, 'mangle', 2, [ipt.proto('tcp'), ipt.src('::6/128', 'ipv6'), ipt.inIface('lo')], ipt.ret());
  b.insert('TPROXY: lo traffic not marked outbound is not captured', [...f], INBOUND, 'mangle', 3, [ipt.proto('tcp'), ipt.inIface('lo'), ipt.mark(OUTBOUND_MARK, true)], ipt.ret());
}
