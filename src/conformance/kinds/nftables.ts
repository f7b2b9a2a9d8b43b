import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { captureRulesForArgs } from '../../engine/iptables/capture.ts';
import type { CaptureContext } from '../../engine/iptables/environment.ts';
import { normaliseNftList } from '../../engine/netfilter/index.ts';
import { readCaseFile } from '../corpus.ts';
import { shortDiff } from '../diff.ts';
import type { CaseOutcome, KindChecker } from '../types.ts';

/** The group table of the machine the kernel listings were recorded on (nftables README). */
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

/** istio-iptables --native-nftables: the nft script byte for byte, and the kernel's listing of it. */
export const checkNftables: KindChecker = (c) => {
  const spec = c.spec;
  const input = spec.input ?? {};
  const env = Object.fromEntries(Object.entries(input.env ?? {}).map(([k, v]) => [k, String(v)]));
  const result = captureRulesForArgs((input.args ?? []).map(String), env, contextOf(spec));
  const expected = spec.expected ?? {};
  const failures: string[] = [];
  const compare = (label: string, file: string | undefined, actual: string, normalise = (t: string) => t) => {
    if (!file) return;
    if (!existsSync(join(c.dir, file))) {
      failures.push(`  ${label}: expected file ${file} is missing`);
      return;
    }
    const want = normalise(readCaseFile(c, file));
    const got = normalise(actual);
    if (want !== got) failures.push(`  ${label} differs:\n${shortDiff(want, got)}`);
  };
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
