/** The packet tracer: iptables-restore payloads in, the rules a packet hits and where it ends up out. */
export { parseRestorePayload, BUILTIN_CHAINS } from './parseRestore.ts';
export { tracePacket, traceRuleSet } from './tracePacket.ts';
export type {
  Chain, Endpoint, Family, Match, ParseResult, PodListener, PodNetwork, Rule, RuleSet, Table, TableName, Target,
  TraceDelivery, TraceHit, TraceOptions, TracePacket, TraceResult, TraceStep,
} from './types.ts';
