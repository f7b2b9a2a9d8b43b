import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { auditDump, summarizeAudit, type AuditRow, type AuditSummary } from '../../engine/audit/index.ts';
import type { UpgradeStep } from '../../engine/upgrade/index.ts';
import { CliError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';
import { diagnosticLine, structuredOutput } from './format.ts';
import { RELEASE_FLAG, releaseSetting } from '../release.ts';
import type { AuditOverview } from '../../engine/audit/index.ts';

/** Which release each revision was audited as, and why, in the same words as the app's audit. */
function releasesLine(releases: AuditOverview['releases']): string {
  return releases.length === 1 ? `Audited as: ${releases[0].text}` : ['Audited as:', ...releases.map((r) => `  ${r.text}`)].join('\n');
}

/**
 * The revisions rendered by meshsim's built-in install as another release than master: the
 * engine's sentence (the one meshsim inject and check print), then how to give the cluster's own.
 */
function masterChartLines(releases: AuditOverview['releases']): string[] {
  const noted = releases.filter((r) => r.masterChart);
  return noted.map((r) => {
    const who = noted.length > 1 || releases.length > 1 ? `${r.revision === '(any other)' ? 'any other revision' : `revision ${r.revision}`}: ` : '';
    return `meshsim: ${who}${r.masterChart} For that release's own, give the dump with the revision's istio-sidecar-injector ConfigMap (kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml).`;
  });
}

const DRIFT: Record<string, string> = {
  'missing-sidecar': 'needs restart',
  'unwanted-sidecar': 'unwanted sidecar',
  'old-revision': 'old revision',
  'would-be-rejected': 'would be rejected',
  'sidecar-changes': 'sidecar changes',
  'data-plane': 'data plane changes',
};

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
}

const shortWebhook = (w: string) => w.replace(/\.sidecar-injector\.istio\.io$/, '');

function line(r: AuditRow, wide: boolean): string[] {
  const verdict = r.verdict === 'injected' ? `injected (${r.injectedBy.join(', ')})` : r.verdict;
  const drift = r.drift.map((d) => (d === 'old-revision' ? `${DRIFT[d]} ${r.sidecar.revision}` : DRIFT[d])).join(', ');
  const cells = [r.name, r.namespace, r.webhooks.map(shortWebhook).join(', ') || '-', verdict, r.decidingRule, ...(r.fidelity === 'full' ? [r.dataPlaneText ?? r.capture?.dataPlane ?? '-'] : [])];
  return wide ? [...cells, r.sidecar.present ? `yes${r.sidecar.revision ? ` (${r.sidecar.revision})` : ''}` : 'no', drift || '-', r.driftDetail || '-'] : [...cells, drift || '-'];
}

const PLANE_WORDS: Record<string, string> = { sidecar: 'sidecar', ambient: 'ambient (ztunnel)', none: 'out of the mesh' };

function totals(s: AuditSummary): string {
  const planes = Object.entries(s.dataPlanes).map(([k, n]) => `${n} ${PLANE_WORDS[k] ?? k}`).join(', ');
  return [
    `${s.pods} pods: ${s.injected} injected, ${s.notInjected} not injected${s.rejected ? `, ${s.rejected} rejected` : ''}; ${s.withSidecar} have a sidecar now`,
    ...(planes ? [`data planes: ${planes}`] : []),
    `drift: ${s.drifting} pods (${s.drift['missing-sidecar']} need a restart to get a sidecar, ${s.drift['unwanted-sidecar']} have a sidecar they would not get now, ${s.drift['old-revision']} were injected by another revision than the one that would inject them now, ${s.drift['would-be-rejected']} would be rejected by istiod on restart, ${s.drift['sidecar-changes']} would get another sidecar${s.drift['data-plane'] ? `, ${s.drift['data-plane']} would move into or out of ambient` : ''})`,
  ].join('\n');
}

const INDENT = ' '.repeat(14);

/** The pods grouped by what a restart would change, with the namespaces and the label or tag that decides each. */
export function changeGroups(rows: readonly AuditRow[]): { count: number; lines: string[] } {
  const groups = new Map<string, { pods: number; namespaces: Map<string, { pods: number; decidedBy: string }> }>();
  for (const r of rows) {
    if (!r.change) continue;
    const g = groups.get(r.change) ?? { pods: 0, namespaces: new Map() };
    g.pods++;
    const ns = g.namespaces.get(r.namespace) ?? { pods: 0, decidedBy: r.decidedBy ?? '' };
    ns.pods++;
    g.namespaces.set(r.namespace, ns);
    groups.set(r.change, g);
  }
  const lines: string[] = [];
  for (const [change, g] of [...groups].sort((a, b) => b[1].pods - a[1].pods || (a[0] < b[0] ? -1 : 1))) {
    lines.push(`${String(g.pods).padStart(6)} pods  ${change}`);
    const list = [...g.namespaces].sort((a, b) => b[1].pods - a[1].pods || (a[0] < b[0] ? -1 : 1));
    for (const [ns, v] of list.slice(0, 8)) lines.push(`${INDENT}${ns} (${v.pods}): ${v.decidedBy}`);
    if (list.length > 8) lines.push(`${INDENT}… and ${list.length - 8} more namespaces`);
  }
  return { count: groups.size, lines };
}

/** What the registered per-pod checks found (the ambient node agent's view, pods edited by hand), grouped by finding. */
export function findingGroups(rows: readonly AuditRow[]): string[] {
  const groups = new Map<string, { pods: number; first: string; detail?: string }>();
  for (const r of rows) {
    for (const [id, found] of Object.entries(r.checks)) {
      for (const f of found) {
        const key = `${f.severity}: ${id}: ${f.headline}`;
        const g = groups.get(key) ?? { pods: 0, first: `${r.namespace}/${r.name}`, ...(f.detail ? { detail: f.detail } : {}) };
        g.pods++;
        groups.set(key, g);
      }
    }
  }
  if (!groups.size) return [];
  const lines = ['', `What the checks found (${groups.size}):`];
  for (const [key, g] of [...groups].sort((a, b) => b[1].pods - a[1].pods || (a[0] < b[0] ? -1 : 1))) {
    lines.push(`${String(g.pods).padStart(6)} pods  ${key}`);
    lines.push(`${INDENT}e.g. ${g.first}${g.detail ? `: ${g.detail}` : ''}`);
  }
  return lines;
}

/** The target install's text: one file, or every .yaml/.yml/.json file under a directory (helm template / istioctl manifest generate output). */
function readInstall(path: string): string {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch (err) {
    throw new CliError(`cannot read the target install ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isDir) return readFileSync(path, 'utf8');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(e.name)) files.push(readFileSync(p, 'utf8').trimEnd());
    }
  };
  walk(path);
  if (!files.length) throw new CliError(`the target install ${path} has no .yaml, .yml or .json file`);
  return files.join('\n---\n');
}

const HEAD = ['POD', 'NAMESPACE', 'WEBHOOKS CALLED', 'VERDICT', 'DECIDING RULE'];

/**
 * `meshsim audit -f DUMP.yaml`: exit 0 when no pod drifts, 1 when some do, 2 on input it cannot
 * read. `--target-install DIR` gives the dump's cluster that install first (the next revision's
 * webhooks and injector ConfigMap, or the same revision at a newer release), so the audit says
 * what a restart would do under it.
 */
export function run(args: string[], io: CliIO): number {
  const { values, flags, positional } = parseFlags(args, ['-f', '--filename', '-o', '--output', '--target-install', RELEASE_FLAG], ['--json', '--admission-only']);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'wide', 'json', 'yaml'] as const, 'text');
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? []), ...positional];
  if (files.length !== 1) throw new CliError(files.length ? 'give one dump file' : 'no input: give the dump with -f DUMP.yaml (or -f - for standard input)');
  const file = files[0];
  const text = readInput(file, io);
  const target = values['--target-install']?.at(-1);
  const steps: UpgradeStep[] | undefined = target !== undefined ? [{ kind: 'install', text: readInstall(target), input: target }] : undefined;
  const fidelity = flags.has('--admission-only') ? 'admission' : 'full';
  if (steps && fidelity === 'admission') throw new CliError('--target-install needs the full audit (it renders every pod under the target): drop --admission-only');
  releaseSetting(values); // a release meshsim does not simulate is refused, as by every verb
  const istioRelease = values[RELEASE_FLAG]?.at(-1);
  const { rows, overview } = auditDump(text, { input: file === '-' ? 'stdin' : file, fidelity, ...(steps ? { steps } : {}), ...(istioRelease ? { istioRelease } : {}) });
  const summary = summarizeAudit(rows);
  const errors = overview.diagnostics.filter((d) => d.severity === 'error');
  for (const l of masterChartLines(overview.releases)) io.err(l);
  if (format === 'json' || format === 'yaml') {
    const report = { rows, summary, releases: overview.releases, diagnostics: overview.diagnostics };
    io.out(structuredOutput(report, format));
  } else {
    for (const d of overview.diagnostics.filter((x) => x.severity !== 'info')) io.err(diagnosticLine(d));
    const wide = format === 'wide';
    const full = fidelity === 'full';
    const head = [...HEAD, ...(full ? ['DATA PLANE'] : []), ...(wide ? ['SIDECAR', 'DRIFT', 'WHY'] : ['DRIFT'])];
    if (rows.length) {
      const groups = full ? changeGroups(rows) : undefined;
      const under = target !== undefined ? ` under ${target}` : '';
      const tail = groups ? ['', groups.count ? `What a restart would change${under} (${groups.count} groups):` : `A restart would change nothing${under}.`, ...groups.lines, ...findingGroups(rows)] : [];
      io.out([...table([head, ...rows.map((r) => line(r, wide))]), '', totals(summary), releasesLine(overview.releases), ...tail].join('\n'));
    }
  }
  if (errors.length) return 2;
  if (!rows.length) throw new CliError(`no Pod in ${file === '-' ? 'standard input' : file} (expected the output of kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml)`);
  return summary.drifting ? 1 : 0;
}
