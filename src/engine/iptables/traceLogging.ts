/**
 * `--iptables-trace-logging` in istio-iptables 1.22–1.24 (releases.md §3.3): each of the main
 * capture rules gets an NFLOG twin with the same conditions, so its packets reach userspace with an
 * ID as prefix. An appended rule's twin comes right before it; an inserted rule's (`-I CHAIN n`)
 * right after it, so that it ends up in front. The ID is Go-quoted in 1.22–1.23, bare in 1.24.
 */
import type { BuiltRule } from './builder.ts';

/** Which generator steps (generate.ts) are tagged, and with what ID. */
const TAGS: Record<string, string> = {
  'excluded interface: inbound not captured': 'ExcludeInterfaceCommand',
  'excluded interface: outbound not captured': 'ExcludeInterfaceCommand',
  'excluded interface (TPROXY mangle)': 'ExcludeInterfaceCommand',
  'virtual interface: not treated as inbound': 'KubevirtCommand',
  'traffic from a virtual interface goes to Envoy outbound': 'KubevirtCommand',
  'traffic from a virtual interface to an included CIDR goes to Envoy outbound': 'KubevirtCommand',
  'inbound capture: redirect to Envoy inbound': 'InboundCapture',
  'inbound TCP enters ISTIO_INBOUND': 'JumpInbound',
  'outbound TCP enters ISTIO_OUTPUT': 'JumpOutbound',
  'outbound UDP enters ISTIO_OUTPUT (DNS)': 'JumpOutbound',
  'outbound UDP enters ISTIO_OUTPUT (DNS conntrack zones)': 'JumpOutbound',
  'excluded inbound port': 'ExcludeInboundPort',
  'included inbound port goes to Envoy': 'IncludeInboundPort',
  'TPROXY: established connections to an included inbound port are diverted': 'IncludeInboundPort',
  'TPROXY: included inbound port goes to Envoy': 'IncludeInboundPort',
};

const NFLOG_GROUP = 1337;
const NFLOG_SIZE = 20;

function twin(r: BuiltRule, id: string, quoted: boolean): BuiltRule {
  const prefix = quoted ? JSON.stringify(id) : id;
  return {
    ...r,
    rule: {
      matches: r.rule.matches,
      statements: [{ kind: 'log', prefix: id, nflog: { group: NFLOG_GROUP, size: NFLOG_SIZE }, text: `-j NFLOG --nflog-prefix ${prefix} --nflog-group ${NFLOG_GROUP} --nflog-size ${NFLOG_SIZE}` }],
      origin: { why: `trace logging of: ${r.step}`, settings: ['traceLogging', ...r.fields], from: [] },
    },
    step: `trace logging of: ${r.step}`,
    fields: ['traceLogging', ...r.fields],
  };
}

/** The rule list with the NFLOG twins in place. */
export function withTraceLogging(rules: readonly BuiltRule[], quoted: boolean): BuiltRule[] {
  const out: BuiltRule[] = [];
  for (const r of rules) {
    const id = Object.hasOwn(TAGS, r.step) ? TAGS[r.step] : undefined;
    if (!id) {
      out.push(r);
      continue;
    }
    if (r.position !== undefined) out.push(r, twin(r, id, quoted));
    else out.push(twin(r, id, quoted), r);
  }
  return out;
}
