/**
 * spf13/pflag's command-line rules, so an argument list is read exactly as a Go program built on
 * pflag/cobra reads it: "--long v", "--long=v", "-x v", "-xv", "-x=v", clustered bool shorthands
 * ("-nb *"), "--" ends the flags, and non-flag words are positional (interspersed).
 */
import { parseGoDuration } from './duration.ts';
import { parseGoBool, parseGoUintBase0 } from './strconv.ts';

/** The value types pflag flags have (the ones Istio's tools use). */
export type PflagType = 'string' | 'bool' | 'uint16' | 'duration';

/** What pflag needs to know of a flag: its names and value type. */
export interface PflagDef {
  name: string;
  short?: string;
  type: PflagType;
}

/** "-p, --envoy-port" or "--redirect-dns", as pflag names a flag in its messages. */
export function flagLabel(f: PflagDef): string {
  return f.short ? `-${f.short}, --${f.name}` : `--${f.name}`;
}

export interface FlagSetting<F extends PflagDef = PflagDef> {
  flag: F;
  /** The converted value. */
  value: string | boolean | number;
  /** Index in argv of the word that named the flag. */
  argIndex: number;
}

export interface ParsedArgs<F extends PflagDef = PflagDef> {
  settings: FlagSetting<F>[];
  positional: string[];
  /** The first parse error, worded like pflag's; parsing stops there, as it does in Go. */
  error?: { message: string; argIndex: number };
  helpRequested: boolean;
}

/** Converts a flag's text the way the flag's pflag value type does, or returns the error text. */
export function convertFlagValue(flag: PflagDef, text: string): { value: string | boolean | number } | { error: string } {
  switch (flag.type) {
    case 'string':
      return { value: text };
    case 'bool': {
      const v = parseGoBool(text);
      return v === undefined ? { error: `strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax` } : { value: v };
    }
    case 'uint16': {
      const v = parseGoUintBase0(text);
      if (v === undefined) return { error: `strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax` };
      if (v > 0xffff) return { error: `strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range` };
      return { value: v };
    }
    case 'duration': {
      const d = parseGoDuration(text);
      return typeof d === 'bigint' ? { value: text } : { error: d.error };
    }
  }
}
const MAX_ARGS = 10_000;

export function parseFlags<F extends PflagDef>(argv: readonly string[], defs: readonly F[]): ParsedArgs<F> {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const byShort = new Map(defs.filter((d) => d.short).map((d) => [d.short!, d]));
  const out: ParsedArgs<F> = { settings: [], positional: [], helpRequested: false };
  if (argv.length > MAX_ARGS) {
    out.error = { message: `too many arguments (${argv.length}; at most ${MAX_ARGS} are read)`, argIndex: MAX_ARGS };
    return out;
  }

  const set = (flag: F, text: string, argIndex: number): boolean => {
    const conv = convertFlagValue(flag, text);
    if ('error' in conv) {
      out.error = { message: `invalid argument ${JSON.stringify(text)} for ${JSON.stringify(flagLabel(flag))} flag: ${conv.error}`, argIndex };
      return false;
    }
    out.settings.push({ flag, value: conv.value, argIndex });
    return true;
  };

  let i = 0;
  while (i < argv.length) {
    const s = argv[i];
    const at = i++;
    if (s.length === 0 || s[0] !== '-' || s.length === 1) {
      out.positional.push(s);
      continue;
    }
    if (s[1] === '-') {
      if (s.length === 2) {
        out.positional.push(...argv.slice(i));
        break;
      }
      const body = s.slice(2);
      if (body[0] === '-' || body[0] === '=') {
        out.error = { message: `bad flag syntax: ${s}`, argIndex: at };
        return out;
      }
      const eq = body.indexOf('=');
      const name = eq >= 0 ? body.slice(0, eq) : body;
      const flag = byName.get(name);
      if (!flag) {
        if (name === 'help') {
          out.helpRequested = true;
          continue;
        }
        out.error = { message: `unknown flag: --${name}`, argIndex: at };
        return out;
      }
      let value: string;
      if (eq >= 0) value = body.slice(eq + 1);
      else if (flag.type === 'bool') value = 'true';
      else if (i < argv.length) value = argv[i++];
      else {
        out.error = { message: `flag needs an argument: ${s}`, argIndex: at };
        return out;
      }
      if (!set(flag, value, at)) return out;
      continue;
    }
    // One or more shorthands in a single word.
    let shorts = s.slice(1);
    while (shorts.length > 0) {
      const c = shorts[0];
      const flag = byShort.get(c);
      if (!flag) {
        if (c === 'h') {
          out.helpRequested = true;
          shorts = shorts.slice(1);
          continue;
        }
        out.error = { message: `unknown shorthand flag: '${c}' in -${shorts}`, argIndex: at };
        return out;
      }
      let value: string;
      if (shorts.length > 2 && shorts[1] === '=') {
        value = shorts.slice(2);
        shorts = '';
      } else if (flag.type === 'bool') {
        value = 'true';
        shorts = shorts.slice(1);
      } else if (shorts.length > 1) {
        value = shorts.slice(1);
        shorts = '';
      } else if (i < argv.length) {
        value = argv[i++];
        shorts = '';
      } else {
        out.error = { message: `flag needs an argument: '${c}' in -${c}`, argIndex: at };
        return out;
      }
      if (!set(flag, value, at)) return out;
    }
  }
  return out;
}
