/**
 * The plain-data result every capture entry point returns (structured-clone friendly for the worker).
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { Backend, PolicyRoute, Program, Ruleset, SettingOrigin } from '../netfilter/index.ts';
import type { CaptureConfig, ConfigOrigins } from './config.ts';

/** Which program derived the configuration. */
export type EntryPath = 'istio-iptables' | 'istio-init' | 'istio-cni' | 'vm-cluster-env' | 'ambient' | 'none';
// 'ambient': istio-cni's node agent's in-pod rules for an enrolled pod (src/engine/ambient/ambientTraffic.ts).

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
  /**
   * Values that break the payload or script they are written into (a line break, a control
   * character, a blank inside a value): the text istio-iptables writes is not the rules it meant,
   * and the kernel view is what the tool makes of that text.
   */
  corrupt: CorruptValue[];
  /**
   * Where the tool refused the text it was given ("payload v4", "payload v6", "nft script"):
   * istio-iptables (or the CNI plugin) then fails, so the pod does not start with these rules.
   */
  refused: Array<{ input: string; line?: number; message: string; /** What that means for the pod. */ consequence: string }>;
  diagnostics: Diagnostic[];
}

export interface CorruptValue {
  /** Which payload ("payload v4", "payload v6", "nft script") and the line the rule starts on. */
  input: string;
  line: number;
  /** The lines after `line` that the value's line breaks put into the text: not rules istio-iptables meant. */
  extraLines: number[];
  value: string;
  problem: 'line break' | 'control character' | 'blank';
  /** The settings behind the rule it is in, and where their values came from. */
  settings: string[];
  from: SettingOrigin[];
}
