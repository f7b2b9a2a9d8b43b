import { normaliseSave } from '../../engine/netfilter/index.ts';
import { expectedFiles, runCaptureCase } from '../captureCase.ts';
import type { CaseOutcome, KindChecker } from '../types.ts';

/** A restore payload with its `* table` … `COMMIT` blocks in name order (other text kept in place). */
function tablesSorted(text: string): string {
  const blocks = text.split(/(?=^\* )/m);
  const head = blocks[0].startsWith('* ') ? '' : blocks.shift()!;
  return head + blocks.sort().join('');
}

/** Payload v4 (and v6 iff expected.ipv6) byte for byte, plus the kernel view where the case has one. */
export const checkIptables: KindChecker = (c) => {
  const run = runCaptureCase(c);
  if ('error' in run) return { pass: false, diff: run.error };
  const { result, release } = run;
  const expected = c.spec.expected ?? {};
  const { failures, compare } = expectedFiles(c);
  if (!!expected.ipv6 !== result.ipv6) failures.push(`  ipv6: expected ${!!expected.ipv6}, got ${result.ipv6}`);
  // 1.22 writes its restore payload's tables in Go map order, different from run to run: any order is 1.22's.
  const payloadOrder = release.iptables.tableOrder === 'unordered' ? tablesSorted : undefined;
  compare('payload v4', expected.v4, result.payload.v4, payloadOrder);
  if (expected.ipv6) compare('payload v6', expected.v6, result.payload.v6, payloadOrder);
  // The recorded listings had their `#` lines and chain counters removed; the engine prints both (README).
  compare('kernel view v4', expected.kernelView?.v4, result.kernelView.v4, normaliseSave);
  if (expected.ipv6) compare('kernel view v6', expected.kernelView?.v6, result.kernelView.v6, normaliseSave);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => `  error: ${d.message}`);
  const outcome: CaseOutcome = { pass: failures.length === 0, detail: { entry: result.entry, why: result.why } };
  if (!outcome.pass) outcome.diff = [...failures, ...errors].join('\n');
  return outcome;
};
