import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { captureRulesForArgs, captureRulesForClusterEnv, captureRulesForPod, type CaptureContext, type CaptureResult } from '../../engine/iptables/index.ts';
import { parseFlags, type CliIO } from '../io.ts';

export const iptablesUsage =
  'meshsim iptables (-f POD.yaml | --cluster-env FILE | -- ISTIO_IPTABLES_ARGS...) [--ipv6] [--view payload|save] [--env NAME=VALUE]... [--pod-ip IP]... [--nameserver IP]... [--why] [--json]';

/** An IPv6 documentation address, used as the pod's address when --ipv6 is given without --pod-ip. */
const IPV6_POD = '2001:db8::10';
const IPV4_POD = '192.0.2.10';

function firstWorkload(text: string): unknown {
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`YAML: ${doc.errors[0].message}`);
    const v = doc.toJS();
    const spec = v?.spec;
    if (v?.kind === 'Pod' || spec?.template || spec?.jobTemplate) return v;
  }
  throw new Error('no Pod or workload (a spec.template) in the file');
}

export function iptables(args: string[], io: CliIO): number {
  const { values, flags, positional, rest } = parseFlags(args, ['-f', '--cluster-env', '--view', '--env', '--pod-ip', '--nameserver'], ['--ipv6', '--why', '--json']);
  const sources = [values['-f'], values['--cluster-env']].filter(Boolean).length + (args.includes('--') ? 1 : 0);
  if (positional.length || sources !== 1) {
    io.err(`usage: ${iptablesUsage}`);
    return 2;
  }
  const view = values['--view']?.at(-1) ?? 'payload';
  if (view !== 'payload' && view !== 'save') {
    io.err(`meshsim iptables: --view must be payload or save, not ${JSON.stringify(view)}`);
    return 2;
  }
  const extraEnv: Record<string, string> = {};
  for (const e of values['--env'] ?? []) {
    const eq = e.indexOf('=');
    if (eq <= 0) {
      io.err(`meshsim iptables: --env needs NAME=VALUE, got ${JSON.stringify(e)}`);
      return 2;
    }
    extraEnv[e.slice(0, eq)] = e.slice(eq + 1);
  }
  const ipv6 = flags.has('--ipv6');
  const context: CaptureContext = {
    podIPs: values['--pod-ip'] ?? [ipv6 ? IPV6_POD : IPV4_POD],
    // A pod's resolv.conf follows from its dnsPolicy; elsewhere no --nameserver means none.
    resolvConf: values['--nameserver'] ?? (values['-f'] ? undefined : []),
    // iptables-save prints when it listed the rules.
    now: Date.now(),
  };

  let result: CaptureResult;
  if (values['-f']) {
    result = captureRulesForPod(firstWorkload(readFileSync(values['-f'].at(-1)!, 'utf8')), { context, extraEnv, cni: { pluginEnv: extraEnv } });
  } else if (values['--cluster-env']) {
    const text = readFileSync(values['--cluster-env'].at(-1)!, 'utf8');
    const extra = Object.entries(extraEnv).map(([k, v]) => `${k}='${v.replace(/'/g, `'\\''`)}'`).join('\n');
    result = captureRulesForClusterEnv(`${text}\n${extra}`, context);
  } else {
    const env = { ...io.env, ...extraEnv };
    result = captureRulesForArgs(rest, env, context);
  }

  if (flags.has('--json')) {
    io.out(JSON.stringify(result, null, 2));
    return result.diagnostics.some((d) => d.severity === 'error') ? 2 : 0;
  }
  if (flags.has('--why')) io.err(result.why.map((w) => `# ${w}`).join('\n'));
  for (const d of result.diagnostics) if (d.severity !== 'info' || flags.has('--why')) io.err(`${d.severity}: ${d.message}`);
  if (result.diagnostics.some((d) => d.severity === 'error')) return 2;
  if (result.entry === 'none') {
    io.err(`meshsim iptables: no capture rules: ${result.why.at(-1)}`);
    return 0;
  }
  if (ipv6 && !result.ipv6) {
    io.err('meshsim iptables: --ipv6 asked for the IPv6 rules, but this configuration produces IPv4 rules only (the pod address decides)');
    return 2;
  }
  const family = ipv6 ? 'v6' : 'v4';
  io.out(view === 'save' ? result.kernelView[family] : result.payload[family]);
  return 0;
}
