/** Where a CLI verb writes; injected so verbs can be tested without touching the real process streams. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Environment variables the verb may read (istio-iptables reads some). */
  env: Record<string, string | undefined>;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
  env: process.env,
};

export type Verb = (args: string[], io: CliIO) => Promise<number> | number;

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
      if (v === undefined) throw new Error(`${name} needs a value`);
      (values[name] ??= []).push(v);
    } else if (name && boolean.includes(name)) {
      flags.add(name);
    } else if (a.startsWith('-') && a.length > 1) {
      throw new Error(`unknown flag ${a}`);
    } else {
      positional.push(a);
    }
  }
  return { values, flags, positional, rest };
}
