/**
 * What istio-iptables does to the pod's network besides iptables (after the rules, unless dry-run):
 * the ::6 address for IPv6 inbound passthrough, and TPROXY's policy routing that delivers marked
 * packets locally. Shown as the equivalent `ip` commands.
 */
import type { PolicyRoute } from '../netfilter/index.ts';
import { parseUint } from '../netfilter/index.ts';
import { isTproxy, type CaptureConfig } from './config.ts';

export function hostNetworkSetup(cfg: CaptureConfig): string[] {
  if (cfg.dryRun || cfg.skipRuleApply) return [];
  const out: string[] = [];
  if (cfg.enableIPv6) out.push('ip -6 addr add ::6/128 dev lo');
  if (isTproxy(cfg) && cfg.inboundPortsInclude !== '') {
    const families = cfg.enableIPv6 ? ['-4', '-6'] : ['-4'];
    for (const f of families) out.push(`ip ${f} rule add fwmark ${cfg.inboundTProxyMark} lookup ${cfg.inboundTProxyRouteTable}`);
    for (const f of families) out.push(`ip ${f} route add local ${f === '-4' ? '0.0.0.0/0' : '::/0'} dev lo table ${cfg.inboundTProxyRouteTable}`);
  }
  return out;
}

/** TPROXY's policy routing as the model states it (what the tracer routes by). */
export function policyRoutes(cfg: CaptureConfig): PolicyRoute[] {
  if (cfg.dryRun || cfg.skipRuleApply || !isTproxy(cfg) || cfg.inboundPortsInclude === '') return [];
  const fwmark = parseUint(cfg.inboundTProxyMark.trim());
  const table = parseUint(cfg.inboundTProxyRouteTable.trim());
  if (fwmark === undefined || table === undefined) return [];
  const families = cfg.enableIPv6 ? (['ipv4', 'ipv6'] as const) : (['ipv4'] as const);
  return families.map((family) => ({ family, fwmark, mask: 0xffffffff, table, route: { type: 'local', dev: 'lo' } }));
}
