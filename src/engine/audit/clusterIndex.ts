import type { ScenarioDocuments } from '../documents/index.ts';
import { indexScenario, type ScenarioIndex } from '../admission/index.ts';
import { withoutPositions, type DumpObject } from './readDump.ts';
import { releasesOfDump } from './installs.ts';
import type { SharedReads } from './sharedReads.ts';

/** The cluster's objects indexed for admission; with `reads`, what another audit already read is not read again. */
export function indexCluster(objects: readonly DumpObject[], input: string, release?: string, reads?: SharedReads): ScenarioIndex {
  const docs: ScenarioDocuments = { objects: objects.map((o, i) => (reads ? reads.object(o, input, i) : withoutPositions(o, input, i))), workloads: [], diagnostics: [] };
  const injectors = reads ? docs.objects.filter((o) => o.role.role === 'injectorConfigMap').map((o) => reads.injector(o)) : undefined;
  const index = indexScenario(docs, injectors);
  // The release each revision runs, as the app chooses it (admission reads sidecar.istio.io/inject by it).
  return { ...index, releases: releasesOfDump(index, release) };
}
