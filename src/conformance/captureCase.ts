/**
 * The one reader of a capture case (the `iptables` and `nftables` kinds): what the case hands
 * istio-iptables or the CNI plugin (`input`), the machine it ran on (`context`), the release it was
 * recorded with, and its expected files held against the engine's texts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { captureRulesForArgs, captureRulesForCni, type CaptureContext, type CaptureResult } from '../engine/iptables/index.ts';
import type { ReleaseBehaviour } from '../engine/releases/index.ts';
import { readCaseFile } from './corpus.ts';
import { shortDiff } from './diff.ts';
import { caseRelease } from './release.ts';
import type { CorpusCase } from './types.ts';

/**
 * The machine the corpus' kernel views were recorded on resolved these group names (iptables and
 * nftables READMEs); every other id in the corpus is numeric.
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

/**
 * Runs the case's entry (`istio-iptables` argv and env, or `istio-cni` with its pod and plugin
 * config) as the case's release; an unreadable `context.istioRelease` is the error.
 */
export function runCaptureCase(c: CorpusCase): { result: CaptureResult; release: ReleaseBehaviour } | { error: string } {
  const release = caseRelease(c);
  if ('error' in release) return { error: release.error };
  const spec = c.spec;
  const ctx = { ...contextOf(spec), release: release.behaviour };
  const answer = (result: CaptureResult) => ({ result, release: release.behaviour });
  const input = spec.input ?? {};
  if (spec.entry === 'istio-cni') {
    return answer(captureRulesForCni({ pod: input.pod, cniConfig: input.cniConfig, cniArgs: input.cniArgs, pluginEnv: input.pluginEnv ?? {} }, ctx));
  }
  const env = Object.fromEntries(Object.entries(input.env ?? {}).map(([k, v]) => [k, String(v)]));
  return answer(captureRulesForArgs((input.args ?? []).map(String), env, ctx));
}

/**
 * Holds the engine's texts against the case's expected files: `compare(label, file, actual,
 * normalise)` does nothing when the case names no file, and notes a missing file or a difference
 * (a short diff) in `failures`.
 */
export function expectedFiles(c: CorpusCase): { failures: string[]; compare: (label: string, file: string | null | undefined, actual: string, normalise?: (t: string) => string) => void } {
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
  return { failures, compare };
}
