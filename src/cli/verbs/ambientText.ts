import type { WorkloadDataPlane } from '../../engine/ambient/index.ts';
import type { CniSettingsSection } from '../../engine/ambient/index.ts';
import { ambientCapture } from '../../engine/ambient/index.ts';
import { traceTraffic } from '../../engine/traffic/index.ts';

const MARK = { pass: '✔', fail: '✘', skip: '-', decisive: '➜' } as const;
const MODE = { sidecar: 'IN THE MESH (sidecar)', ambient: 'IN THE MESH (ambient)', none: 'OUT OF THE MESH', rejected: 'NOT CREATED (rejected)' } as const;
const STAGE = { 'cni-plugin': 'CNI plugin', 'node-agent': 'node agent', ztunnel: 'ztunnel', istiod: 'istiod' } as const;
const GOAL = {
  enroll: 'To enroll it in ambient',
  'keep-out': 'To keep it out of ambient',
  'keep-ambient': 'To resolve the conflict and keep ambient',
  'keep-sidecar': 'To resolve the conflict and keep the sidecar',
  'replace-stale-advice': 'Instead of the stale advice',
} as const;

const at = (s?: { input: string; line: number; column: number }) => (s ? `${s.input}:${s.line}:${s.column}` : '');
const VALUE_CHARS = 60;

/** `meshsim check`'s data plane part for one workload: the verdict, istio-cni's steps, the node agent's view, verified fixes. */
export function renderAmbient(w: WorkloadDataPlane, settings: CniSettingsSection, options: { suggestions: boolean }): string[] {
  const dp = w.dataPlane;
  const out: string[] = ['', `Data plane: ${MODE[dp.mode]}`, `  ${dp.summary}`];
  for (const n of dp.notes) out.push(`  ${n.severity === 'warning' ? '⚠' : '·'} ${n.message}${n.source ? `  (${at(n.source)})` : ''}`);
  // A pod the API server refuses is never created: no CNI plugin runs for it, so istio-cni's steps
  // (and a node agent's view) would describe a pod that never exists. The app's Ambient panel agrees.
  if (dp.mode === 'rejected') return out;
  out.push('', `istio-cni when the pod is created (settings: ${settings.from.join(' and ')}):`);
  for (const s of w.creation.steps) {
    const seen = s.values.filter((v) => v.source).map((v) => `${v.name}${v.value !== undefined ? `=${v.value.length > VALUE_CHARS ? `${v.value.slice(0, VALUE_CHARS)}…` : v.value}` : ''} at ${at(v.source)}`);
    out.push(`  ${MARK[s.outcome]} ${STAGE[s.stage]}: ${s.title}: ${s.detail}${seen.length ? `  (${seen.join(', ')})` : ''}`);
  }
  if (w.live) {
    out.push('', `The node agent, for the running pod (ambient.istio.io/redirection: ${w.live.annotation}):`);
    for (const d of [w.live.update, w.live.delete]) {
      const s = d.steps.find((x) => x.id === 'agent:update' || x.id === 'agent:delete');
      if (s) out.push(`  ${d.event === 'update' ? 'on update' : 'on delete'}: ${s.detail}`);
    }
  }
  if (options.suggestions && w.fixes.length) {
    for (const goal of [...new Set(w.fixes.map((f) => f.goal))]) {
      out.push('', `${GOAL[goal]} (each verified):`);
      for (const f of w.fixes.filter((x) => x.goal === goal)) {
        out.push(`  - ${f.sentence}`);
        if (f.command) out.push(`      $ ${f.command}`);
      }
    }
  }
  return out;
}

/**
 * An ambient pod's in-pod rules as the node agent writes them (iptables-restore input or nft
 * script), and the packets every user asks about traced through them: one line without `--rules`,
 * the rules and each trace with it.
 */
export function renderInpodRules(w: WorkloadDataPlane, settings: CniSettingsSection, appPort: number, full: boolean): string[] {
  if (w.dataPlane.mode !== 'ambient') return [];
  const c = ambientCapture(w.creation, settings.settings, 'ipv4', appPort);
  const nft = c.capture.backend === 'nftables';
  const count = c.payload.split('\n').filter((l) => (nft ? l.startsWith('add rule ') : /^-[AI] /.test(l))).length;
  const out = ['', `In-pod rules (istio-cni's node agent, ${nft ? 'nftables' : 'iptables'}): ${count} ${nft ? 'nft' : 'IPv4'} rules that send the pod's traffic to ztunnel${full ? ':' : ' (meshsim check --rules prints them and traces packets through them)'}`];
  if (!full) return out;
  for (const why of c.capture.why) out.push(`  · ${why}`);
  out.push(`  routing: ${c.capture.hostSetup.join('; ')}`, '', ...c.payload.trimEnd().split('\n').map((l) => `    ${l}`), '', 'Packets through them:');
  for (const preset of c.presets) {
    const t = traceTraffic(c, { preset: preset.id }).trace;
    if (t) out.push(`  ${preset.label}: ${t.final}${t.hits.length ? ` (${t.hits.map((h) => h.at).join(' → ')})` : ''}`);
  }
  return out;
}
