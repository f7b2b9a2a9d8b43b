import { ambientStage, ambientWorkloadStage, cniSettingsStage } from '../ambient/ambientStage.ts';
import type { AnyStage } from './pipeline.ts';
import { admissionStage, admitStage, clusterIndexStage, suggestionsStage, suggestionTextsStage } from './stages/admission.ts';
import { injectionStage } from './stages/injection.ts';
import { inputStages } from './stages/inputs.ts';
import { installsStage } from './stages/installs.ts';
import { modelStage, selectionStage, summaryStage } from './stages/model.ts';
import { captureStage, traceStage, trafficStage } from './trafficStages.ts';
import { releaseStage } from '../releases/releaseStage.ts';

/**
 * Every stage of the scenario engine, one line each. The order is the order of the result's
 * diagnostics; stages run when pulled, so the order does not decide what runs first.
 * A capability adds its stage (or result section) here: see README.md.
 */
export const SCENARIO_STAGES: readonly AnyStage[] = [
  ...inputStages,
  modelStage,
  selectionStage,
  summaryStage,
  installsStage,
  clusterIndexStage,
  releaseStage,
  admitStage,
  suggestionsStage,
  suggestionTextsStage,
  admissionStage,
  injectionStage,
  captureStage,
  traceStage,
  trafficStage,
  cniSettingsStage,
  ambientWorkloadStage,
  ambientStage,
];
