/**
 * The plain-data result every capture entry point returns (structured-clone friendly for the worker).
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { PolicyRoute, Program, Ruleset } from '../netfilter/index.ts';
import type { CaptureConfig, ConfigOrigins } from './config.ts';

/** Which program derived the configuration. */
export type EntryPath = 'istio-iptables' | 'istio-init' | 'istio-cni' | 'vm-cluster-env' | 'none';

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
  /** The programs istio-iptables hands iptables-restore / ip6tables-restore (the model: typed rules with origins). */
  programs: { v4?: Program; v6?: Program };
  /** The iptables-restore payloads, byte for byte; v6 is "" when IPv6 is off. */
  payload: { v4: string; v6: string };
  /** What the kernel holds after loading them into an empty netns: what the tracer walks. */
  rulesets: { v4?: Ruleset; v6?: Ruleset };
  /** What iptables-save / ip6tables-save would print then (comment lines and counters included). */
  kernelView: { v4: string; v6: string };
  /** Non-iptables changes to the pod's network, as `ip` commands (TPROXY policy routing, the ::6 address). */
  hostSetup: string[];
  /** The policy routing among them, as the tracer routes by it. */
  policyRoutes: PolicyRoute[];
  diagnostics: Diagnostic[];
}
