import { parseAllDocuments, stringify } from 'yaml';
import { INPUT_NAMES, type InputName } from '../worker/protocol.ts';
import { validSavedScenario, type SavedScenario } from './savedScenario.ts';

/**
 * A scenario as a file: the fallback when a link is too long, and what drag-and-drop opens. A
 * dropped file that is not a meshsim scenario is read as Kubernetes YAML and each object goes to
 * the tab it belongs in.
 */
export const SCENARIO_KIND = 'MeshsimScenario';

export function scenarioToFile(s: SavedScenario & { texts: Record<InputName, string> }): string {
  return `# A meshsim scenario: open it with the app's "Open" button or drop it on the page.\n${stringify(
    { kind: SCENARIO_KIND, version: 1, texts: s.texts, traffic: s.traffic, cluster: s.cluster, panel: s.panel, workload: s.workload },
    { lineWidth: 0, blockQuote: 'literal' },
  )}`;
}

export type OpenedFile = { kind: 'scenario'; scenario: SavedScenario } | { kind: 'objects'; texts: Partial<Record<InputName, string>>; counts: Record<InputName, number> } | { kind: 'error'; message: string };

export function openScenarioFile(text: string): OpenedFile {
  let docs;
  try {
    docs = parseAllDocuments(text);
  } catch (err) {
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  const list = Array.isArray(docs) ? docs : [docs];
  const broken = list.find((d) => d.errors.length);
  if (broken) return { kind: 'error', message: `the file is not valid YAML: ${broken.errors[0].message}` };
  const first = list[0]?.toJS({ maxAliasCount: 1000 });
  if (list.length === 1 && first?.kind === SCENARIO_KIND) {
    const scenario = validSavedScenario(first);
    return scenario ? { kind: 'scenario', scenario } : { kind: 'error', message: 'the scenario file is damaged' };
  }
  const parts: Record<InputName, string[]> = { workloads: [], namespaces: [], webhooks: [], injector: [], mesh: [] };
  for (const doc of list) {
    const value = doc.toJS({ maxAliasCount: 1000 });
    if (!value) continue;
    const items = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items) parts[tabFor(item)].push(stringify(item, { lineWidth: 0 }));
  }
  const texts: Partial<Record<InputName, string>> = {};
  const counts = Object.fromEntries(INPUT_NAMES.map((n) => [n, parts[n].length])) as Record<InputName, number>;
  for (const name of INPUT_NAMES) if (parts[name].length) texts[name] = parts[name].join('---\n');
  if (!Object.keys(texts).length) return { kind: 'error', message: 'the file holds no Kubernetes objects' };
  return { kind: 'objects', texts, counts };
}

/** Which editor tab an object belongs in, by its kind (and, for ConfigMaps, its name). */
function tabFor(o: any): InputName {
  const name = String(o?.metadata?.name ?? '');
  switch (o?.kind) {
    case 'Namespace':
      return 'namespaces';
    case 'MutatingWebhookConfiguration':
      return 'webhooks';
    case 'ConfigMap':
      if (name.startsWith('istio-sidecar-injector')) return 'injector';
      if (name === 'istio' || name.startsWith('istio-')) return 'mesh';
      return 'workloads';
    default:
      return 'workloads';
  }
}
