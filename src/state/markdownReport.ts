import type { InputName, ScenarioResult } from '../worker/protocol.ts';
import { INPUT_NAMES } from '../worker/protocol.ts';

const LABELS: Record<InputName, string> = { workloads: 'Workloads', namespaces: 'Namespaces', webhooks: 'MutatingWebhookConfigurations', injector: 'Injector ConfigMap', mesh: 'Mesh ConfigMap' };

/** A fence that the text itself cannot close. */
function fence(text: string, lang = ''): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return `${ticks}${lang}\n${text.endsWith('\n') ? text : text + '\n'}${ticks}`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * A report to paste into a GitHub issue or a Slack thread: the inputs (collapsed), the verdict and
 * its deciding step, the pod diff, the proxy's environment, the rules and the traced packet.
 */
export function markdownReport(texts: Record<InputName, string>, result: ScenarioResult, link?: string): string {
  const out: string[] = [];
  const a = result.admission.workloads[result.selectedWorkload];
  out.push(`## meshsim: ${a ? `${a.workload.kind} ${a.workload.namespace}/${a.workload.name}` : 'scenario'}`);
  if (link) out.push(`[Open this scenario in meshsim](${link})`);
  if (a) {
    const step = a.steps.find((s) => s.id === a.decidingStep);
    out.push(`**Verdict: ${a.verdict}**${a.injectedBy.length ? ` (revision ${a.injectedBy.join(', ')})` : ''} — ${a.summary}`);
    if (step) out.push(`Deciding step: **${step.title}** — ${step.detail}`);
    if (a.doubleInjection) out.push(`> ⚠ ${a.doubleInjection.message}`);
    const called = a.webhooks.filter((w) => w.called);
    out.push(`Webhooks called: ${called.length ? called.map((w) => `\`${w.configuration}/${w.webhook}\``).join(', ') : 'none'}`);
  }
  out.push('<details><summary>Inputs</summary>\n');
  for (const name of INPUT_NAMES) {
    if (!texts[name].trim()) continue;
    out.push(`**${LABELS[name]}**\n\n${fence(texts[name], 'yaml')}\n`);
  }
  out.push('</details>');
  const inj = result.injection;
  if (inj) {
    out.push(`### Patched pod\n\n${inj.install.note}`);
    if (inj.pod?.error) out.push(`istiod rejects the pod: ${inj.pod.error}`);
    if (inj.diff) out.push(`<details><summary>Diff (pod as written → as admitted)</summary>\n\n${fence(inj.diff, 'diff')}\n</details>`);
    const env = inj.pod?.env ?? [];
    if (env.length) {
      out.push('<details><summary>Proxy environment</summary>\n');
      out.push('| container | variable | value |\n|---|---|---|');
      for (const e of env) out.push(`| ${cell(e.container)} | ${cell(e.name)} | ${cell(e.value ?? JSON.stringify(e.valueFrom ?? ''))} |`);
      out.push('\n</details>');
    }
  }
  const t = result.traffic;
  if (t && t.capture.entry !== 'none') {
    const payload = t.family === 'ipv6' ? t.capture.payload.v6 : t.capture.payload.v4;
    out.push(`### Traffic capture (${t.capture.entry}, ${t.family})`);
    out.push(`<details><summary>iptables-restore payload</summary>\n\n${fence(payload)}\n</details>`);
    if (t.trace) {
      const p = t.trace.packet;
      out.push(`Traced packet: ${p.direction} ${p.proto.toUpperCase()} ${p.src.addr}:${p.src.port} → ${p.dst.addr}:${p.dst.port} → **${t.trace.final}**`);
      out.push(t.trace.explanation);
      if (t.trace.hits.length) out.push(t.trace.hits.map((h, i) => `${i + 1}. \`${h.at}\` \`${h.rule}\``).join('\n'));
    }
  }
  return out.join('\n\n') + '\n';
}
