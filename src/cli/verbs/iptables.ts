import { parseAllDocuments, stringify } from 'yaml';
import { captureRulesForArgs, captureRulesForClusterEnv, captureRulesForPod, type CaptureContext, type CaptureResult } from '../../engine/iptables/index.ts';
import { placedDocumentErrors } from '../../engine/yaml/index.ts';
import { CliError, InputError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';
import type { ReleaseBehaviour } from '../../engine/releases/index.ts';
import { readScenarioDocuments } from '../../engine/documents/index.ts';
import { diagnosticLine } from './format.ts';
import { RELEASE_FLAG, releaseOfInput } from '../release.ts';

/** An IPv6 documentation address, used as the pod's address when --ipv6 is given without --pod-ip. */
const IPV6_POD = '2001:db8::10';
const IPV4_POD = '192.0.2.10';

function firstWorkload(text: string, file: string): Record<string, any> {
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) {
      const e = placedDocumentErrors(doc, text)[0];
      throw new InputError(`${file}:${e.line}:${e.column}: error: ${e.message}`);
    }
    const v = doc.toJS();
    const spec = v?.spec;
    if (v?.kind === 'Pod' || spec?.template || spec?.jobTemplate) return v;
  }
  throw new CliError(`no Pod or workload (an object with spec.template) in ${file}`);
}

/**
 * Whose istio-iptables writes the rules, by the app's rule (releases/chooseReleases): --istio-version,
 * else the release the pod's Istio images name (its istio-proxy, as the app reads an injected pod),
 * else master.
 */
function chooseRelease(values: Record<string, string[]>, podText: { name: string; text: string } | undefined): { behaviour: ReleaseBehaviour; why: string; notes: string[] } {
  const { choice, notes } = releaseOfInput(values, readScenarioDocuments(podText ? [podText] : []));
  return { behaviour: choice.behaviour, why: choice.reason, notes };
}

export function run(args: string[], io: CliIO): number {
  return capture(args, io, false);
}

/**
 * `meshsim iptables`, and `meshsim nftables` (nft = true: istio-iptables' native nftables backend,
 * as --native-nftables / NATIVE_NFTABLES / the CNI plugin's native_nftables would switch it on).
 */
export function capture(args: string[], io: CliIO, nft: boolean): number {
  const verb = nft ? 'nftables' : 'iptables';
  const { values, flags, positional, rest } = parseFlags(args, ['-f', '--filename', '--cluster-env', '--view', '--env', '--pod-ip', '--nameserver', RELEASE_FLAG, '-o', '--output'], ['--ipv6', '--why', '--json']);
  const podFile = [...(values['-f'] ?? []), ...(values['--filename'] ?? [])].at(-1);
  const sources = [podFile, values['--cluster-env']].filter(Boolean).length + (args.includes('--') ? 1 : 0);
  if (positional.length) throw new CliError(`unexpected argument ${JSON.stringify(positional[0])}: name the pod with -f, or put istio-iptables arguments after --`);
  if (sources !== 1) throw new CliError('give exactly one of -f POD.yaml, --cluster-env FILE, or -- ISTIO_IPTABLES_ARGS...');
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'json', 'yaml'] as const, 'text');
  const asked = values['--view']?.at(-1) ?? 'payload';
  const views: Record<string, 'payload' | 'save'> = { payload: 'payload', save: 'save', script: 'payload', ruleset: 'save' };
  const view = views[asked];
  if (!view) throw new CliError(`--view must be payload (or script) or save (or ruleset), not ${JSON.stringify(asked)}`);
  const extraEnv: Record<string, string> = nft ? { NATIVE_NFTABLES: 'true' } : {};
  for (const e of values['--env'] ?? []) {
    const eq = e.indexOf('=');
    if (eq <= 0) throw new CliError(`--env needs NAME=VALUE, got ${JSON.stringify(e)}`);
    extraEnv[e.slice(0, eq)] = e.slice(eq + 1);
  }
  const ipv6 = flags.has('--ipv6');
  const podText = podFile ? { name: podFile === '-' ? 'stdin' : podFile, text: readInput(podFile, io) } : undefined;
  const pod = podText ? firstWorkload(podText.text, podText.name) : undefined;
  const release = chooseRelease(values, podText);
  // Which release and why, when the input decided it (also in --why and the JSON's why).
  for (const n of release.notes) if (!(flags.has('--why') && n === release.why)) io.err(`meshsim: ${n}`);
  // Said plainly, rather than as istio-iptables refusing a flag meshsim itself added.
  if (nft && !release.behaviour.iptables.nativeNftablesFlag) {
    const raw = values[RELEASE_FLAG]?.at(-1);
    const whose = raw && raw !== 'auto' ? `Istio ${raw}'s istio-iptables` : `The istio-iptables this pod runs (${release.why.replace(/^Simulated/, 'simulated').replace(/\.$/, '')})`;
    throw new CliError(`${whose} has no native nftables backend (--native-nftables is newer than that release): use meshsim iptables, or a later ${RELEASE_FLAG}`);
  }
  const context: CaptureContext = {
    podIPs: values['--pod-ip'] ?? [ipv6 ? IPV6_POD : IPV4_POD],
    // A pod's resolv.conf follows from its dnsPolicy; elsewhere no --nameserver means none.
    resolvConf: values['--nameserver'] ?? (podFile ? undefined : []),
    // iptables-save prints when it listed the rules.
    now: Date.now(),
    release: release.behaviour,
  };

  let result: CaptureResult;
  if (pod) {
    result = captureRulesForPod(pod, { context, extraEnv, cni: { pluginEnv: extraEnv, ...(nft ? { cniConfig: { native_nftables: true } } : {}) } });
  } else if (values['--cluster-env']) {
    const text = readInput(values['--cluster-env'].at(-1)!, io);
    const extra = Object.entries(extraEnv).map(([k, v]) => `${k}='${v.replace(/'/g, `'\\''`)}'`).join('\n');
    result = captureRulesForClusterEnv(`${text}\n${extra}`, context);
  } else {
    const env = { ...io.env, ...extraEnv };
    result = captureRulesForArgs(nft && !rest.includes('--native-nftables') ? [...rest, '--native-nftables'] : rest, env, context);
  }

  const failed = result.diagnostics.some((d) => d.severity === 'error');
  result.why.unshift(release.why);
  if (format !== 'text') {
    io.out(format === 'json' ? JSON.stringify(result, null, 2) : stringify(result, { lineWidth: 0, aliasDuplicateObjects: false }));
    return failed ? 2 : result.entry === 'none' ? 1 : 0;
  }
  if (flags.has('--why')) io.err(result.why.map((w) => `# ${w}`).join('\n'));
  for (const d of result.diagnostics) if (d.severity !== 'info' || flags.has('--why')) io.err(diagnosticLine(d));
  // A value that corrupts the payload is an error, yet istio-iptables still writes that payload: show it.
  if (failed && !result.corrupt.length) return 2;
  if (result.entry === 'none') {
    // Nothing in the pod sets up capture: it was not injected (or opted out of capture).
    const name = pod ? `${pod.kind ?? 'Pod'} ${pod.metadata?.namespace ? `${pod.metadata.namespace}/` : ''}${pod.metadata?.name ?? '(unnamed)'}` : 'this configuration';
    io.err(`meshsim ${verb}: ${name} has no traffic capture: ${result.why.at(-1) ?? 'nothing installs rules'}`);
    if (pod && !pod.metadata?.annotations?.['sidecar.istio.io/status']) io.err(`To see the rules istiod's injection would give it, inject it first: meshsim inject -f ${podFile === '-' ? 'FILE' : podFile} | meshsim ${verb} -f -`);
    return 1;
  }
  if (ipv6 && !result.ipv6) throw new CliError('--ipv6 asked for the IPv6 rules, but this configuration produces IPv4 rules only (the pod address decides)');
  if (result.backend === 'nftables') {
    // One inet script serves both families; the IPv6 rules are in it when IPv6 is on.
    if (!nft) io.err(`meshsim iptables: ${result.backendWhy}; printing the nft ${view === 'save' ? 'ruleset' : 'script'}`);
    io.out(view === 'save' ? result.kernelView.nft : result.payload.nft);
    return failed ? 2 : 0;
  }
  const family = ipv6 ? 'v6' : 'v4';
  io.out(view === 'save' ? result.kernelView[family] : result.payload[family]);
  return failed ? 2 : 0;
}
