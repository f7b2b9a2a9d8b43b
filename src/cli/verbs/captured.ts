import type { CliIO } from '../io.ts';
import { main } from '../main.ts';

/**
 * Runs a command line as `meshsim` would (through main, so usage errors become exit 2 and a
 * message), keeping what it writes. `stdin` is what `-f -` reads.
 */
export async function runCli(argv: string[], { env = {}, stdin = '' }: { env?: Record<string, string>; stdin?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), env, stdin: () => stdin };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
