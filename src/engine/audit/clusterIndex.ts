import type { ScenarioDocuments, ScenarioObject } from '../documents/index.ts';
import { indexScenario, type ScenarioIndex } from '../admission/index.ts';
import type { YamlDocument } from '../yaml/index.ts';
import type { DumpObject } from './readDump.ts';
import { releasesOfDump } from './installs.ts';
import type { SharedReads } from './sharedReads.ts';

/**
 * The admission machinery indexes objects read with positions (for the editor's markers). A dump
 * is read without them, so each object gets a document that locates nothing — the cheap adapter
 * that lets the audit reuse `indexScenario` and `admitPod` unchanged.
 */
export function withoutPositions(o: DumpObject, input: string, index: number): ScenarioObject {
  const doc: YamlDocument = { input, index, value: o.value, startLine: 1, locate: () => undefined };
  return { doc, path: [], value: o.value, role: o.role };
}

/** The cluster's objects indexed for admission; with `reads`, what another audit already read is not read again. */
export function indexCluster(objects: readonly DumpObject[], input: string, release?: string, reads?: SharedReads): ScenarioIndex {
  const docs: ScenarioDocuments = { objects: objects.map((o, i) => (reads ? reads.object(o, input, i) : withoutPositions(o, input, i))), workloads: [], diagnostics: [] };
  const injectors = reads ? docs.objects.filter((o) => o.role.role === 'injectorConfigMap').map((o) => reads.injector(o)) : undefined;
  const index = indexScenario(docs, injectors);
  // The release each revision runs, as the app chooses it (admission reads sidecar.istio.io/inject by it).
  return { ...index, releases: releasesOfDump(index, release) };
}
