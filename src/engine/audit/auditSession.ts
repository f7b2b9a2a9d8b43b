import type { ScenarioIndex } from '../admission/index.ts';
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { auditPod } from './auditPod.ts';
import { createFullAuditor } from './fullAudit.ts';
import { applySteps } from './upgradeSteps.ts';
import { indexCluster } from './clusterIndex.ts';
import { podScenarioTexts } from './podScenario.ts';
import { parseItem, readDump, type DumpContents, type PodRef } from './readDump.ts';
import { masterChartNote } from '../injection/index.ts';
import { isBuiltinInstall, type ScenarioRelease } from '../releases/index.ts';
import type { AuditOptions, AuditOverview, AuditRelease, AuditRow, PodScenarioTexts } from './types.ts';

/**
 * An audit in progress. `next` audits a chunk of pods at a time so the caller (a worker, the CLI)
 * can report progress and answer other messages in between. Rows are plain data; the session
 * itself stays with its caller.
 */
export interface AuditSession {
  overview: AuditOverview;
  /** The global indexes of the first and one-past-last pod this session audits. */
  range: [number, number];
  /** Pods audited so far. */
  done(): number;
  /** Audits up to `maxPods` more pods; an empty array once every pod is done. */
  next(maxPods: number): AuditRow[];
  /** Render groups so far (pods rendered once for their group); 0 for an admission-only audit. */
  groups(): number;
  /** The editor texts that open pod `index` (a global index in `range`) as a scenario. */
  podScenario(index: number): PodScenarioTexts | undefined;
}

/** The shard's contiguous share of `total` pods, so merged results keep the dump's order. */
export function shardRange(total: number, shard: number, shards: number): [number, number] {
  const n = Math.max(1, Math.floor(shards));
  const k = Math.min(Math.max(0, Math.floor(shard)), n - 1);
  return [Math.floor((total * k) / n), Math.floor((total * (k + 1)) / n)];
}

function loadPod(text: string, ref: PodRef, input: string, diagnostics: Diagnostic[]): Record<string, any> | undefined {
  if (ref.value) return ref.value;
  if (!ref.item) return undefined;
  const value = parseItem(text, ref.item, input, diagnostics);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, any>) : undefined;
}

/**
 * Which release each revision is audited as, and why in the app's words. A revision without an
 * injector ConfigMap gets master by the app's rule, but the app's "no … Istio image tag in the
 * input names a release" would not be true of a dump: the audit reads the release from the
 * injector ConfigMaps alone, because the running proxies' images are what it compares against.
 * A revision rendered by meshsim's built-in install (no injector ConfigMap for it, or the built-in
 * one written out) as another release than master gets the master-chart sentence (`rendered`:
 * only when the audit renders pods).
 */
function auditReleases(releases: ScenarioRelease, cluster: ScenarioIndex, rendered: boolean): AuditRelease[] {
  const all = [...Object.values(releases.revisions), { ...releases.otherwise, revision: '(any other)' }];
  const builtin = (revision: string) => {
    const configMap = cluster.injectorConfigs.find((c) => c.revision === revision)?.object.value;
    return !configMap || isBuiltinInstall(configMap);
  };
  return all.map((c) => {
    const masterChart = rendered && builtin(c.revision) ? masterChartNote(c) : undefined;
    const because =
      c.chosenBy === 'default' && c.revision === '(any other)'
        ? "the dump has no istio-sidecar-injector ConfigMap for it (the audit reads the release from injector ConfigMaps only: the running proxies' image tags are what it compares against)"
        : c.because;
    const who = c.revision === '(any other)' ? 'any other revision' : `revision ${c.revision}`;
    return { revision: c.revision, label: c.label, chosenBy: c.chosenBy, summary: c.summary, because, text: `${who} ${c.label} because ${because}`, ...(masterChart ? { masterChart } : {}) };
  });
}

/** Opens a dump (`kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml`). Never throws. */
export function openAudit(text: string, options: AuditOptions = {}): AuditSession {
  const input = options.input ?? 'dump';
  let contents: DumpContents;
  let cluster: ScenarioIndex;
  try {
    contents = readDump(text, input);
    if (options.steps?.length) {
      const states = applySteps(contents.objects, options.steps);
      contents = { ...contents, objects: states.at(-1)!.objects, diagnostics: [...contents.diagnostics, ...states.flatMap((st) => st.diagnostics)] };
    }
    cluster = indexCluster(contents.objects, input, options.istioRelease);
  } catch (err) {
    contents = { objects: [], pods: [], diagnostics: [diagnostic('audit', 'error', `internal error: ${messageOf(err)}`)] };
    cluster = { configurations: [], namespaces: new Map(), injectorConfigs: [], diagnostics: [] };
  }
  const diagnostics = [...contents.diagnostics, ...cluster.diagnostics, ...(cluster.releases?.diagnostics ?? [])];
  const releases = cluster.releases ? auditReleases(cluster.releases, cluster, (options.fidelity ?? 'full') === 'full') : [];
  const full = (options.fidelity ?? 'full') === 'full' ? createFullAuditor(contents.objects, cluster, { ...options, dumpText: text }) : undefined;
  if (full?.cniAssumed) {
    diagnostics.push(diagnostic('audit', 'warning', "the dump has no istio-cni-config ConfigMap, but istio-cni's node agent has enrolled pods (ambient.istio.io/redirection: enabled): istio-cni's settings are taken as Istio's ambient profile sets them, as the app and meshsim check do without one. For the cluster's own, add the output of kubectl get configmap istio-cni-config -n istio-system -o yaml to the dump."));
  }
  const range = shardRange(contents.pods.length, options.shard ?? 0, options.shards ?? 1);
  let cursor = range[0];
  const count = (role: string) => contents.objects.filter((o) => o.role.role === role).length;

  return {
    overview: {
      pods: range[1] - range[0],
      totalPods: contents.pods.length,
      namespaces: count('namespace'),
      webhookConfigurations: count('webhookConfiguration'),
      injectorConfigMaps: count('injectorConfigMap'),
      releases,
      diagnostics,
    },
    range,
    done: () => cursor - range[0],
    next(maxPods) {
      const rows: AuditRow[] = [];
      const stop = Math.min(range[1], cursor + Math.max(1, Math.floor(maxPods)));
      for (; cursor < stop; cursor++) {
        const pod = loadPod(text, contents.pods[cursor], input, diagnostics);
        if (!pod) continue;
        try {
          rows.push(full ? full.audit(pod, cursor) : auditPod(pod, cursor, cluster, options.ignoredNamespaces));
        } catch (err) {
          diagnostics.push(diagnostic('audit', 'error', `internal error auditing pod ${String(pod.metadata?.name ?? cursor)}: ${messageOf(err)}`));
        }
      }
      // Problems with a revision's install are found when its first pod is rendered: report them once.
      if (full) for (const d of full.diagnostics.splice(0)) diagnostics.push(d);
      return rows;
    },
    groups: () => full?.groups() ?? 0,
    podScenario(index) {
      if (index < 0 || index >= contents.pods.length) return undefined;
      try {
        const pod = loadPod(text, contents.pods[index], input, []);
        return pod ? podScenarioTexts(pod, contents.objects) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Audits a whole dump in one go (the CLI, tests): every row, and the session's diagnostics. */
export function auditDump(text: string, options: AuditOptions = {}): { rows: AuditRow[]; overview: AuditOverview } {
  const session = openAudit(text, options);
  const rows: AuditRow[] = [];
  for (let chunk = session.next(500); chunk.length || session.done() < session.overview.pods; chunk = session.next(500)) rows.push(...chunk);
  return { rows, overview: session.overview };
}
