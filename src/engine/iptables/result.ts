/**
 * The plain-data result every capture entry point returns (structured-clone friendly for the worker).
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { BuiltRule } from './builder.ts';
import type { CaptureConfig, ConfigOrigins } from './config.ts';
import type { KernelTable } from './kernelView.ts';
import type { RuleParts } from './ruleParts.ts';

/** Which program derived the configuration. */
export type EntryPath = 'istio-iptables' | 'istio-init' | 'istio-cni' | 'vm-cluster-env' | 'none';

export interface CaptureRule extends BuiltRule {
  /** The rule's matches and target, parsed from its words. */
  parts: RuleParts;
  /** The 1-based line of this family's payload the rule is printed on. */
  payloadLine: number;
}

export interface CaptureResult {
  entry: EntryPath;
  /** Short sentences explaining which entry path applied and how the configuration was derived. */
  why: string[];
  /** The effective configuration (undefined when none could be derived). */
  config?: CaptureConfig;
  /** Where each configuration value came from. */
  origins: ConfigOrigins;
  /** The istio-iptables command line equivalent to the configuration (informative for the CNI/VM paths). */
  equivalentArgs: string[];
  /** Whether an ip6tables payload is produced. */
  ipv6: boolean;
  /** Whether DNS capture ended up in effect. */
  dnsCapture: boolean;
  /** The iptables-restore payloads, byte for byte; v6 is "" when IPv6 is off. */
  payload: { v4: string; v6: string };
  /** What iptables-save / ip6tables-save would print after loading the payload into an empty netns. */
  kernelView: { v4: string; v6: string };
  /** The kernel view structured; each rule names its payload line, hence its CaptureRule and provenance. */
  kernelTables: { v4: KernelTable[]; v6: KernelTable[] };
  rules: { v4: CaptureRule[]; v6: CaptureRule[] };
  /** Non-iptables changes to the pod's network, as `ip` commands (TPROXY policy routing, the ::6 address). */
  hostSetup: string[];
  diagnostics: Diagnostic[];
}
