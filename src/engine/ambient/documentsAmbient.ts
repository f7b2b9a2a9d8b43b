/**
 * Ambient for a whole set of documents, outside the staged engine: what `meshsim check` and the
 * audit need — every workload through both data planes, with the same settings reading, the same
 * admission and the same decision as the app's `ambient` stage.
 */
import { admitWorkloads, indexScenario } from '../admission/index.ts';
import type { ScenarioDocuments } from '../documents/index.ts';
import { IGNORED_NAMESPACES } from '../injectionPolicy/index.ts';
import { cniSettingsFrom, type CniSettingsSection } from './ambientStage.ts';
import type { AmbientClusterOptions } from './switches.ts';
import { workloadDataPlane, type WorkloadDataPlane } from './workloadDataPlane.ts';

export interface DocumentsAmbient {
  settings: CniSettingsSection;
  /** One per workload of `docs.workloads`, in order. */
  workloads: WorkloadDataPlane[];
}

export function ambientForDocuments(
  docs: ScenarioDocuments,
  options: { cluster?: AmbientClusterOptions; injectedPods?: readonly (Record<string, any> | undefined)[]; fixes?: boolean } = {},
): DocumentsAmbient {
  const settings = cniSettingsFrom(docs.objects, options.cluster);
  const index = indexScenario(docs);
  // The data planes read each workload's admission, not the label truth table.
  const { admitted } = admitWorkloads(docs.workloads, index, { truthTable: false });
  const workloads = admitted.map((a, i) =>
    workloadDataPlane({
      subject: a.subject,
      docs: a.docs,
      core: a.core,
      index,
      ignoredNamespaces: IGNORED_NAMESPACES,
      cni: settings,
      fixes: options.fixes !== false,
      ...(options.injectedPods?.[i] ? { injectedPod: options.injectedPods[i] } : {}),
    }),
  );
  return { settings, workloads };
}
