/**
 * The plain-data result every capture entry point returns (structured-clone friendly for the worker).
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { Backend, PolicyRoute, Program, Ruleset } from '../netfilter/index.ts';
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
  /** Which backend istio-iptables programs: iptables (restore payloads per family) or nftables (one inet script). */
  backend: Backend;
  /** Why that backend, in a sentence (the flag, env var or setting that switched native nftables on). */
  backendWhy: string;
  /**
   * The programs istio-iptables hands the kernel (the model: typed rules with origins): iptables-restore /
   * ip6tables-restore payloads, or the nft script.
   */
  programs: { v4?: Program; v6?: Program; nft?: Program };
  /** The payloads / script, byte for byte; "" where that backend or family is not in use. */
  payload: { v4: string; v6: string; nft: string };
  /** What the kernel holds after loading them into an empty netns: what the tracer walks. */
  rulesets: { v4?: Ruleset; v6?: Ruleset; nft?: Ruleset };
  /** What iptables-save / ip6tables-save (comment lines and counters included) or `nft list ruleset` would print then. */
  kernelView: { v4: string; v6: string; nft: string };
  /** Non-iptables changes to the pod's network, as `ip` commands (TPROXY policy routing, the ::6 address). */
  hostSetup: string[];
  /** The policy routing among them, as the tracer routes by it. */
  policyRoutes: PolicyRoute[];
  diagnostics: Diagnostic[];
}
