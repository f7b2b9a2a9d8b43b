import { CLUSTER_SETTINGS } from '../state/settings/index.ts';
import type { ClusterOptions } from '../worker/protocol.ts';
import { boolFlag, CliError } from './io.ts';
import { RELEASE_FLAG } from './releaseHelp.ts';

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
    else if (s.control.choices.some((c) => c.value === raw) || s.accepts?.(raw)) cluster[s.key] = raw;
    else throw new CliError(`${s.flag} takes one of ${s.control.choices.map((c) => c.value).join(', ')}, not ${JSON.stringify(raw)}`);
  }
  return cluster as ClusterOptions;
}

/** Where an option's description starts in every verb's --help, and how wide the help is. */
const DESCRIPTION_COLUMN = 30;
const HELP_WIDTH = 100;

/**
 * The settings' lines for a verb's --help, aligned and wrapped as the other options are. The
 * release is left out: every verb describes --istio-version in the same words (RELEASE_HELP).
 */
export function settingsHelp(): string[] {
  return CLUSTER_SETTINGS.filter((s) => s.flag !== RELEASE_FLAG).flatMap((s) => {
    const takes = s.control.kind === 'boolean' ? 'true|false' : s.control.choices.map((c) => c.value).join('|');
    const flag = `      ${s.flag}=${takes}`;
    const text = `${s.hint.replace(/\.$/, '')} (default ${String(s.default)}${s.effective ? ', or as the inputs say' : ''})`;
    const lines = wrap(text, HELP_WIDTH - DESCRIPTION_COLUMN);
    // A flag too long for its column gets the description on the lines below it.
    const head = flag.length < DESCRIPTION_COLUMN ? [flag.padEnd(DESCRIPTION_COLUMN) + lines.shift()] : [flag];
    return [...head, ...lines.map((l) => ' '.repeat(DESCRIPTION_COLUMN) + l)];
  });
}

/** Words filled into lines of at most `width` characters (a longer word gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
