import { CLUSTER_SETTINGS } from '../state/settings/index.ts';
import type { ClusterOptions } from '../worker/protocol.ts';
import { boolFlag, CliError } from './io.ts';

/**
 * The app's cluster settings as CLI flags (`--cni=true`, `--native-sidecars=false`, …): the same
 * registry, so the CLI and the app share names and defaults.
 */
export const SETTING_FLAGS = CLUSTER_SETTINGS.map((s) => s.flag);

export function clusterFromFlags(values: Record<string, string[]>): ClusterOptions {
  const cluster: Record<string, boolean | string> = {};
  for (const s of CLUSTER_SETTINGS) {
    const raw = values[s.flag]?.at(-1);
    if (raw === undefined) continue;
    if (s.control.kind === 'boolean') cluster[s.key] = boolFlag(s.flag, raw)!;
    else if (s.control.choices.some((c) => c.value === raw)) cluster[s.key] = raw;
    else throw new CliError(`${s.flag} takes one of ${s.control.choices.map((c) => c.value).join(', ')}, not ${JSON.stringify(raw)}`);
  }
  return cluster as ClusterOptions;
}

/** The settings' lines for a verb's --help. */
export function settingsHelp(): string[] {
  return CLUSTER_SETTINGS.map((s) => {
    const takes = s.control.kind === 'boolean' ? 'true|false' : s.control.choices.map((c) => c.value).join('|');
    return `  ${`${s.flag}=${takes}`.padEnd(28)} ${s.hint} (default ${String(s.default)}${s.effective ? ', or as the inputs say' : ''})`;
  });
}
