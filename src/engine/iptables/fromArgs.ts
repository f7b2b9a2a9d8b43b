/**
 * Entry path 1: the istio-iptables command line (as an istio-init container carries it) plus its
 * environment. Order of precedence as in the program: defaults, then each flag's env var, then its
 * additional env var, then the command line.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { defaultConfig, type CaptureConfig, type ConfigOrigins } from './config.ts';
import { type Env } from './environment.ts';
import { INHERITED_LOG_FLAGS, iptablesFlagsFor } from './flags.ts';
import type { ReleaseBehaviour } from '../releases/index.ts';
import { convertFlagValue, parseFlags } from '../go/index.ts';

export interface ArgsConfig {
  config: CaptureConfig;
  origins: ConfigOrigins;
  diagnostics: Diagnostic[];
  why: string[];
  /** Set when parsing failed: the program would exit before generating anything. */
  failed: boolean;
}

/** Drops the program words an istio-init args list may start with ("pilot-agent istio-iptables"). */
export function stripProgramName(argv: readonly string[]): string[] {
  const out = [...argv];
  if (out[0] === 'pilot-agent' || out[0]?.endsWith('/pilot-agent')) out.shift();
  if (out[0] === 'istio-iptables' || out[0]?.endsWith('/istio-iptables')) out.shift();
  return out;
}

/** The command line as one release's istio-iptables reads it (its own flag set); master's by default. */
export function configFromArgs(argv: readonly string[], env: Env, release?: ReleaseBehaviour['iptables']): ArgsConfig {
  const flags = iptablesFlagsFor(release);
  const config = defaultConfig();
  const origins: ConfigOrigins = {};
  const diagnostics: Diagnostic[] = [];
  const why: string[] = [];
  const setField = (field: keyof CaptureConfig, value: string | boolean | number) => {
    (config as unknown as Record<string, unknown>)[field] = value;
  };

  for (const flag of flags) {
    if (!flag.field) continue;
    origins[flag.field] = { kind: 'default', name: flag.short ? `-${flag.short}` : `--${flag.name}` };
    for (const name of [flag.env, flag.additionalEnv]) {
      const text = name ? env[name] : undefined;
      if (name === undefined || text === undefined) continue;
      const conv = convertFlagValue(flag, text);
      // The program drops env values its flag type cannot parse without a word.
      if ('error' in conv) {
        diagnostics.push(diagnostic('iptables', 'warning', `env ${name}=${JSON.stringify(text)} is ignored: ${conv.error}`));
        continue;
      }
      setField(flag.field, conv.value);
      origins[flag.field] = { kind: 'env', name };
    }
  }

  const args = stripProgramName(argv);
  const parsed = parseFlags(args, [...flags, ...INHERITED_LOG_FLAGS]);
  for (const s of parsed.settings) {
    if (!s.flag.field) continue;
    setField(s.flag.field, s.value);
    origins[s.flag.field] = { kind: 'flag', name: s.flag.short ? `-${s.flag.short}` : `--${s.flag.name}` };
  }
  if (parsed.positional.length) {
    diagnostics.push(diagnostic('iptables', 'warning', `istio-iptables ignores positional arguments: ${parsed.positional.map((p) => JSON.stringify(p)).join(' ')}`));
  }
  if (parsed.helpRequested) {
    diagnostics.push(diagnostic('iptables', 'error', 'the command line asks for --help: istio-iptables prints its usage and changes nothing'));
  }
  if (parsed.error) {
    diagnostics.push(diagnostic('iptables', 'error', `${parsed.error.message} (argument ${parsed.error.argIndex + 1} of the istio-iptables command line)`));
  }
  const given = parsed.settings.map((s) => (s.flag.short ? `-${s.flag.short}` : `--${s.flag.name}`));
  why.push(given.length ? `istio-iptables command line sets ${[...new Set(given)].join(' ')}` : 'istio-iptables command line sets no flags');
  const envUsed = Object.values(origins).filter((o) => o?.kind === 'env').map((o) => o!.name);
  if (envUsed.length) why.push(`environment sets ${envUsed.join(', ')}`);
  return { config, origins, diagnostics, why, failed: !!parsed.error || parsed.helpRequested };
}
