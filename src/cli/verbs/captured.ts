import type { CliIO } from '../io.ts';

/** An io for a verb under test that keeps what it writes, and the verb's result as the tests read it. */
export function captured(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), env };
  return { io, result: (code: number) => ({ code, out: out.join('\n'), err: err.join('\n') }) };
}
