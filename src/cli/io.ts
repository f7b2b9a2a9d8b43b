import { readFileSync } from 'node:fs';

/** Where a CLI verb reads and writes; injected so verbs can be tested without the real process streams. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Environment variables the verb may read (istio-iptables reads some). */
  env: Record<string, string | undefined>;
  /** All of standard input, for `-f -` (read once; a second `-f -` gets the same text). */
  stdin(): string;
}

let stdinText: string | undefined;

export const processIO: CliIO = {
  out: (t) => void process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => void process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
  env: process.env,
  stdin: () => (stdinText ??= readFileSync(0, 'utf8')),
};

export type Verb = (args: string[], io: CliIO) => Promise<number> | number;

/**
 * A mistake in how the verb was called or in what it was given (exit 2). Its message is printed
 * once, as `meshsim VERB: message`, with no stack trace.
 */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

/**
 * A problem in what the user gave (a YAML error in a file), already said as compilers say it,
 * `file:line:column: error: message`: printed as it is, with no pointer to --help, since the
 * command line was right.
 */
export class InputError extends CliError {}

/** Reads `--flag value`, `--flag=value` and repeated flags; everything else is positional. */
export function parseFlags(args: string[], valued: string[], boolean: string[] = []) {
  const values: Record<string, string[]> = {};
  const flags = new Set<string>();
  const positional: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      rest.push(...args.slice(i + 1));
      break;
    }
    const eq = a.indexOf('=');
    const name = a.startsWith('-') ? (eq > 0 ? a.slice(0, eq) : a) : '';
    if (name && valued.includes(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) throw new CliError(`${name} needs a value`);
      (values[name] ??= []).push(v);
    } else if (name && boolean.includes(name)) {
      flags.add(name);
    } else if (a.startsWith('-') && a.length > 1) {
      throw new CliError(`unknown flag ${a}`);
    } else {
      positional.push(a);
    }
  }
  return { values, flags, positional, rest };
}

/** The text of a file named on the command line; `-` is standard input. */
export function readInput(path: string, io: CliIO): string {
  if (path === '-') return io.stdin();
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : err instanceof Error ? err.message : String(err);
    throw new CliError(`cannot read ${path}: ${why}`);
  }
}

/** `-o FORMAT` checked against the formats a verb offers, with a message that lists them. */
export function outputFormat<F extends string>(values: Record<string, string[]>, formats: readonly F[], fallback: F): F {
  const o = values['-o']?.at(-1) ?? values['--output']?.at(-1);
  if (o === undefined) return fallback;
  if ((formats as readonly string[]).includes(o)) return o as F;
  throw new CliError(`unknown output format ${JSON.stringify(o)}: use one of ${formats.join(', ')}`);
}

/** A true/false flag value, as Go's strconv.ParseBool reads it. */
export function boolFlag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(value)) return false;
  throw new CliError(`${name} takes true or false, not ${JSON.stringify(value)}`);
}
