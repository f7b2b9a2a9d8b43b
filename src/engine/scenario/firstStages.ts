import { ambientIntentStage, cniSettingsStage } from '../ambient/firstStages.ts';
import { releaseStage } from '../releases/index.ts';
import type { AnyStage } from '../stages/index.ts';
import type { ScenarioSections } from '../stages/index.ts';
import { admissionStage, admitStage, clusterIndexStage, suggestionsStage, suggestionTextsStage } from './stages/admission.ts';
import { inputStages } from './stages/inputs.ts';
import { installsStage } from './stages/installs.ts';
import { modelStage, selectionStage, summaryStage } from './stages/model.ts';

/**
 * The stages a first verdict needs: every input parsed, the admission with its suggestions. The
 * app's worker loads these first and the later ones (laterStages.ts) on demand, so a first visit
 * downloads only this part of the engine before it answers.
 */
export const FIRST_STAGES: readonly AnyStage[] = [
  ...inputStages,
  modelStage,
  selectionStage,
  summaryStage,
  installsStage,
  clusterIndexStage,
  releaseStage,
  admitStage,
  suggestionsStage,
  cniSettingsStage,
  ambientIntentStage,
  suggestionTextsStage,
  admissionStage,
];

/** The sections the later stages publish (laterStages.test.ts keeps this in step with LATER_STAGES). */
export const LATER_SECTIONS: readonly (keyof ScenarioSections)[] = ['injection', 'traffic', 'ambient', 'upgrade'];
