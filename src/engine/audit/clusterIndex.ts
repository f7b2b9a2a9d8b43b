import type { ScenarioDocuments, ScenarioObject } from '../documents/index.ts';
import { indexScenario, type ScenarioIndex } from '../admission/index.ts';
import type { YamlDocument } from '../yaml/parseDocuments.ts';
import type { DumpObject } from './readDump.ts';
import { releasesOfDump } from './installs.ts';

/**
 * The admission machinery indexes objects read with positions (for the editor's markers). A dump
 * is read without them, so each object gets a document that locates nothing — the cheap adapter
 * that lets the audit reuse `indexScenario` and `admitPod` unchanged.
 */
export function withoutPositions(o: DumpObject, input: string, index: number): ScenarioObject {
  const doc: YamlDocument = { input, index, value: o.value, startLine: 1, locate: () => undefined };
  return { doc, path: [], value: o.value, role: o.role };
}

export function indexCluster(objects: readonly DumpObject[], input: string, release?: string): ScenarioIndex {
  const docs: ScenarioDocuments = { objects: objects.map((o, i) => withoutPositions(o, input, i)), workloads: [], diagnostics: [] };
  const index = indexScenario(docs);
  // The release each revision runs, as the app chooses it (admission reads sidecar.istio.io/inject by it).
  return { ...index, releases: releasesOfDump(index, release) };
}
