import { ambientStage, ambientWorkloadStage } from '../ambient/index.ts';
import type { AnyStage } from '../stages/index.ts';
import { injectionMemoStage, injectionStage, kubeInjectionStage, podInjectionStage } from './stages/injection.ts';
import { captureStage, traceStage, trafficStage } from './trafficStages.ts';
import { upgradeStage } from '../upgrade/index.ts';
import { installFastYamlReader } from '../yaml/index.ts';
import { fastYamlDocuments } from '../yaml/fastDocuments.ts';

// The user's texts are read by the fast YAML reader from here on (yaml/fastDocuments.ts: the same
// documents as the yaml library's, at a fraction of the cost); it comes with these stages so the
// app worker's first chunk does not carry it.
installFastYamlReader(fastYamlDocuments);

/**
 * The stages after the admission: the injection, the traffic capture and the ambient data plane
 * of the selected pod (which reads its patched pod), with the Go template interpreter, the
 * Kubernetes machinery and netfilter behind them. A capability whose stage is not needed for the
 * first verdict adds it here, and its section to LATER_SECTIONS.
 */
export const LATER_STAGES: readonly AnyStage[] = [injectionMemoStage, podInjectionStage, kubeInjectionStage, injectionStage, captureStage, traceStage, trafficStage, ambientWorkloadStage, ambientStage, upgradeStage];
