import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { captureRulesForArgs } from '../../engine/iptables/capture.ts';
import { captureRulesForCni } from '../../engine/iptables/fromCni.ts';
import type { CaptureContext } from '../../engine/iptables/environment.ts';
import type { CaptureResult } from '../../engine/iptables/result.ts';
import { normaliseSave } from '../../engine/netfilter/index.ts';
import { readCaseFile } from '../corpus.ts';
import { shortDiff } from '../diff.ts';
import type { CaseOutcome, KindChecker } from '../types.ts';
import { caseRelease } from '../release.ts';
import type { ReleaseBehaviour } from '../../engine/releases/index.ts';

/**
 * The machine the corpus' kernel views were recorded on resolved these group names (iptables README);
 * every other id in the corpus is numeric.
 */
const RECORDING_HOST_GROUPS: Record<string, number> = { java: 2001, ftp: 2002 };

function contextOf(spec: any): CaptureContext {
  const c = spec.context ?? {};
  return {
    podIPs: c.podIPs?.map(String),
    resolvConf: c.resolvConf?.map(String),
    dnsServers: c.dnsServers ? { v4: (c.dnsServers.v4 ?? []).map(String), v6: (c.dnsServers.v6 ?? []).map(String) } : undefined,
    groups: RECORDING_HOST_GROUPS,
  };
}

function run(spec: any, release: ReleaseBehaviour): CaptureResult {
  const ctx = { ...contextOf(spec), release };
  const input = spec.input ?? {};
  if (spec.entry === 'istio-cni') {
    return captureRulesForCni({ pod: input.pod, cniConfig: input.cniConfig, cniArgs: input.cniArgs, pluginEnv: input.pluginEnv ?? {} }, ctx);
  }
  const env = Object.fromEntries(Object.entries(input.env ?? {}).map(([k, v]) => [k, String(v)]));
  return captureRulesForArgs((input.args ?? []).map(String), env, ctx);
}

/** A restore payload with its `* table` … `COMMIT` blocks in name order (other text kept in place). */
function tablesSorted(text: string): string {
  const blocks = text.split(/(?=^\* )/m);
  const head = blocks[0].startsWith('* ') ? '' : blocks.shift()!;
  return head + blocks.sort().join('');
}

/** Payload v4 (and v6 iff expected.ipv6) byte for byte, plus the kernel view where the case has one. */
export const checkIptables: KindChecker = (c) => {
  const spec = c.spec;
  const release = caseRelease(c);
  if ('error' in release) return { pass: false, diff: release.error };
  const result = run(spec, release.behaviour);
  const expected = spec.expected ?? {};
  const failures: string[] = [];
  const compare = (label: string, file: string | null | undefined, actual: string, normalise = (t: string) => t) => {
    if (!file) return;
    if (!existsSync(join(c.dir, file))) {
      failures.push(`  ${label}: expected file ${file} is missing`);
      return;
    }
    const want = normalise(readCaseFile(c, file));
    const got = normalise(actual);
    if (want !== got) failures.push(`  ${label} differs:\n${shortDiff(want, got)}`);
  };
  if (!!expected.ipv6 !== result.ipv6) failures.push(`  ipv6: expected ${!!expected.ipv6}, got ${result.ipv6}`);
  // 1.22 writes its restore payload's tables in Go map order, different from run to run: any order is 1.22's.
  const payloadOrder = release.behaviour.iptables.tableOrder === 'unordered' ? tablesSorted : undefined;
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
