/** The packet tracer: the rules the kernel holds (the netfilter model) and a packet in, the rules it hits and where it ends up out. */
export { looksLikeNft, readPayload, tracePacket, traceRuleset, type ReadOptions } from './tracePacket.ts';
export type {
  CtState, Endpoint, Family, PodListener, PodNetwork, TraceConntrack, TraceDelivery, TraceHit, TraceOptions, TracePacket, TraceResult, TraceStep,
} from './types.ts';
