/**
 * istio-iptables traffic capture: configuration from any entry path (istio-iptables args, an
 * injected pod's istio-init container, the istio-cni plugin, a VM's cluster.env) in, the exact
 * iptables-restore payloads, the kernel's iptables-save view and structured rules with provenance out.
 */
export { captureRulesForArgs } from './capture.ts';
export { captureRulesForPod, type PodCaptureOptions } from './fromPod.ts';
export { captureRulesForCni, type CniInput } from './fromCni.ts';
export { captureRulesForClusterEnv, parseClusterEnv } from './fromClusterEnv.ts';
export { restoreProgram, type BuiltRule, type Family } from './builder.ts';
export { ISTIO_IPTABLES_FLAGS, ENV_ONLY, type FlagDef } from './flags.ts';
export { configFromArgs, type ArgsConfig } from './fromArgs.ts';
export { defaultConfig, isTproxy } from './config.ts';
export type { CaptureContext, Env } from './environment.ts';
export type { CaptureConfig, ConfigField, ConfigOrigins, ValueOrigin } from './config.ts';
export type { CaptureResult, EntryPath } from './result.ts';
