import type { InputName, ScenarioResult } from '../worker/protocol.ts';
import { INPUT_NAMES } from '../worker/protocol.ts';
import { reportLabel } from './inputLabels.ts';

/** A fence that the text itself cannot close. */
function fence(text: string, lang = ''): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return `${ticks}${lang}\n${text.endsWith('\n') ? text : text + '\n'}${ticks}`;
}

/*
 * Everything below that comes from the input (names, labels, messages, values) passes through
 * text(), code() or cell() on its way into the report. A pasted name such as
 * `<img src=x onerror=alert(1)>` or `[x](javascript:alert(1))` must stay text wherever the report
 * is pasted: GitHub, GitLab and most chat tools render Markdown and some HTML.
 */

/** Control characters, line separators and bidi overrides: a newline would start a new block, an override would disguise the text. */
const INVISIBLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Inline text: each character Markdown or HTML could read as syntax is backslash-escaped (CommonMark
 * escapes any ASCII punctuation): emphasis, code, links and images, HTML and entities, headings, lists,
 * quotes and tables, and the `.`/`:` of a bare address GitHub would turn into a link.
 */
export function text(s: string): string {
  return s.replace(INVISIBLE, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>~&@:]/g, '\\$&');
}

/** An inline code span no backtick in the text can close; its content is shown as written (pipes escaped for tables). */
export function code(s: string): string {
  const clean = s.replace(INVISIBLE, ' ');
  let ticks = '`';
  while (clean.includes(ticks)) ticks += '`';
  const pad = clean.startsWith('`') || clean.endsWith('`') || clean.startsWith(' ') ? ' ' : '';
  return `${ticks}${pad}${clean.replace(/\|/g, '\\|')}${pad}${ticks}`;
}

/** A table cell: inline text, on one line. */
const cell = (s: string) => text(s);

/**
 * A report to paste into a GitHub issue or a Slack thread: the inputs (collapsed), the verdict and
 * its deciding step, the pod diff, the proxy's environment, the rules and the traced packet.
 */
export function markdownReport(texts: Record<InputName, string>, result: ScenarioResult, link?: string): string {
  const out: string[] = [];
  const a = result.admission.workloads[result.selectedWorkload];
  out.push(`## meshsim: ${a ? text(`${a.workload.kind} ${a.workload.namespace}/${a.workload.name}`) : 'scenario'}`);
  // The link is meshsim's own address; its destination is bracketed so no character of it can end it.
  if (link) out.push(`[Open this scenario in meshsim](<${link.replace(/[<>\s]/g, encodeURIComponent)}>)`);
  if (a) {
    const step = a.steps.find((s) => s.id === a.decidingStep);
    out.push(`**Verdict: ${text(a.verdict)}**${a.injectedBy.length ? ` (revision ${text(a.injectedBy.join(', '))})` : ''} — ${text(a.summary)}`);
    if (step) out.push(`Deciding step: **${text(step.title)}** — ${text(step.detail)}`);
    if (a.doubleInjection) out.push(`> ⚠ ${text(a.doubleInjection.message)}`);
    const called = a.webhooks.filter((w) => w.called);
    out.push(`Webhooks called: ${called.length ? called.map((w) => code(`${w.configuration}/${w.webhook}`)).join(', ') : 'none'}`);
  }
  out.push('<details><summary>Inputs</summary>\n');
  for (const name of INPUT_NAMES) {
    if (!texts[name].trim()) continue;
    out.push(`**${reportLabel(name)}**\n\n${fence(texts[name], 'yaml')}\n`);
  }
  out.push('</details>');
  const inj = result.injection;
  if (inj) {
    out.push(`### Patched pod\n\n${text(inj.install.note)}`);
    // The Istio release simulated, and why (the header's setting, the paste, or master by default).
    out.push(`Simulated as **${text(inj.release.label)}**: ${text(inj.release.summary)}`);
    if (inj.install.masterChart) out.push(text(inj.install.masterChart));
    if (inj.pod?.error) out.push(`istiod rejects the pod: ${text(inj.pod.error)}`);
    if (inj.diff) out.push(`<details><summary>Diff (pod as written → as admitted)</summary>\n\n${fence(inj.diff, 'diff')}\n</details>`);
    const env = inj.pod?.env ?? [];
    if (env.length) {
      out.push('<details><summary>Proxy environment</summary>\n');
      out.push('| container | variable | value |\n|---|---|---|');
      for (const e of env) out.push(`| ${cell(e.container)} | ${code(e.name)} | ${code(e.value ?? JSON.stringify(e.valueFrom ?? ''))} |`);
      out.push('\n</details>');
    }
  }
  out.push(...ambientSection(result));
  const t = result.traffic;
  if (t && t.capture.entry !== 'none') {
    const nft = t.capture.backend === 'nftables';
    const payload = nft ? t.capture.payload.nft : t.family === 'ipv6' ? t.capture.payload.v6 : t.capture.payload.v4;
    out.push(`### Traffic capture (${text(t.capture.entry === 'ambient' ? "ambient: istio-cni's node agent, in-pod rules" : t.capture.entry)}, ${text(t.family)})`);
    if (t.capture.entry === 'ambient' && t.capture.hostSetup.length) out.push(`The node agent also sets up the pod's routing: ${t.capture.hostSetup.map(code).join('; ')}`);
    out.push(`<details><summary>${nft ? 'nft script' : 'iptables-restore payload'}</summary>\n\n${fence(payload)}\n</details>`);
    if (t.trace) {
      const p = t.trace.packet;
      out.push(`Traced packet: ${text(`${p.direction} ${p.proto.toUpperCase()} ${p.src.addr}:${p.src.port} → ${p.dst.addr}:${p.dst.port}`)} → **${text(t.trace.final)}**`);
      out.push(text(t.trace.explanation));
      if (t.trace.hits.length) out.push(t.trace.hits.map((h, i) => `${i + 1}. ${code(h.at)} ${code(h.rule)}`).join('\n'));
    }
  }
  const up = result.upgrade;
  if (up?.states.length) out.push(...upgradeSection(up));
  return out.join('\n\n') + '\n';
}

/** The data plane (issue 12): sidecar, ambient or out of the mesh, istio-cni's deciding check, its notes, the node agent's view and the fixes. */
function ambientSection(result: ScenarioResult): string[] {
  const w = result.ambient?.workload;
  if (!w) return [];
  const d = w.dataPlane;
  const out = [`### Data plane: ${text(d.headline)}`, text(d.summary)];
  // A pod the API server refuses is never created: istio-cni never sees it (as the Ambient panel and meshsim check say).
  if (d.mode === 'rejected') return out;
  const step = w.creation.steps.find((s) => s.outcome === 'decisive');
  if (step) out.push(`istio-cni's deciding check: **${text(step.title)}** — ${text(step.detail)}`);
  for (const n of d.notes) out.push(`> ${n.severity === 'warning' ? '⚠' : 'ℹ'} ${text(n.message)}`);
  const wp = w.creation.waypoint;
  if (wp.from !== 'none') out.push(`Waypoint (istio.io/use-waypoint on the ${text(wp.from)}): ${wp.optOut ? 'none (opted out)' : code(`${wp.namespace ?? ''}/${wp.name ?? ''}`)}`);
  if (w.live) out.push(`Node agent, pod running: ${code(`ambient.istio.io/redirection: ${w.live.annotation}`)}; on an update: ${text(w.live.update.text)}`);
  out.push(`<details><summary>istio-cni's checks, in order</summary>\n\n${w.creation.steps.map((s, i) => `${i + 1}. ${s.outcome === 'decisive' ? '**' : ''}${text(s.title)}${s.outcome === 'decisive' ? '**' : ''} (${text(s.outcome)}) — ${text(s.detail)}`).join('\n')}\n</details>`);
  if (w.fixes.length) out.push(`Verified fixes:\n${w.fixes.map((f) => `- ${text(f.sentence)} → ${text(f.modeAfter)}${f.command ? ` (${code(f.command)})` : ''}`).join('\n')}`);
  return out;
}

/** The upgrade preview: after each step, the webhooks and istiod per namespace and the workloads a restart moves; then the selected workload today vs target. */
function upgradeSection(up: NonNullable<ScenarioResult['upgrade']>): string[] {
  const out: string[] = ['### Upgrade preview'];
  for (const [i, st] of up.states.entries()) {
    out.push(i === 0 ? '**Today**' : `**Step ${i}:** ${code(st.label)}`);
    out.push(['| namespace | webhooks called for a new pod | injected by | decided by |', '|---|---|---|---|', ...st.namespaces.map((n) => `| ${cell(n.namespace)} | ${cell(n.webhooks.join(', ') || 'none')} | ${cell(n.revision || 'not injected')} | ${cell(n.decidedBy)} |`)].join('\n'));
    const moving = st.pods.filter((p) => p.moves);
    out.push(moving.length ? `A restart would move: ${moving.map((p) => text(`${p.namespace}/${p.workload} (${p.from || 'no sidecar'} → ${p.to || 'no sidecar'})`)).join(', ')}` : 'A restart would move no workload.');
  }
  const sel = up.selected;
  if (sel) {
    out.push(`**${text(`${sel.workload}: today (revision ${sel.today.revision || 'none'}) → target (revision ${sel.target.revision || 'none'})`)}**`);
    if (sel.changes.length) out.push(sel.changes.map((c) => `- ${text(c.headline)}`).join('\n'));
    out.push(`<details><summary>Patched pod, today → target</summary>\n\n${fence(sel.podDiff || 'no change', 'diff')}\n</details>`);
    if (sel.rulesDiff) out.push(`<details><summary>Capture rules, today → target</summary>\n\n${fence(sel.rulesDiff, 'diff')}\n</details>`);
  }
  return out;
}
