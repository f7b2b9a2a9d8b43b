import { normaliseNftList } from '../../engine/netfilter/index.ts';
import { expectedFiles, runCaptureCase } from '../captureCase.ts';
import type { CaseOutcome, KindChecker } from '../types.ts';

/** istio-iptables --native-nftables: the nft script byte for byte, and the kernel's listing of it. */
export const checkNftables: KindChecker = (c) => {
  const run = runCaptureCase(c);
  if ('error' in run) return { pass: false, diff: run.error };
  const { result } = run;
  const expected = c.spec.expected ?? {};
  const { failures, compare } = expectedFiles(c);
  if (result.backend !== 'nftables') failures.push(`  backend: expected nftables, got ${result.backend} (${result.backendWhy})`);
  if (!!expected.ipv6 !== result.ipv6) failures.push(`  ipv6: expected ${!!expected.ipv6}, got ${result.ipv6}`);
  compare('nft script', expected.script, result.payload.nft);
  // The recorded listing has every `counter packets N bytes M` written `counter` (README); the engine prints the counters.
  compare('kernel view (nft list ruleset)', expected.kernelView, result.kernelView.nft, normaliseNftList);
  const errors = result.diagnostics.filter((d) => d.severity === 'error' || d.message.startsWith('kernel view:')).map((d) => `  ${d.severity}: ${d.message}`);
  const outcome: CaseOutcome = { pass: failures.length === 0 && errors.length === 0, detail: { backend: result.backend, why: result.why } };
  if (!outcome.pass) outcome.diff = [...failures, ...errors].join('\n');
  return outcome;
};
