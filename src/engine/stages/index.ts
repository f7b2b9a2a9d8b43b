// The stage machinery every capability builds on: defineStage, the memoising runner, the input
// names and the interfaces stages extend (contract.ts). The scenario engine (../scenario/) puts the
// stages together; ambient/, releases/ and upgrade/ define theirs here without reaching up to it.
export { defineStage, createStageRunner, sameValue, type AnyStage, type Stage, type StageContext, type StageId, type StageRun, type StageRunner } from './pipeline.ts';
export { INPUT_NAMES, type InputName } from './inputNames.ts';
export type { ScenarioDeferrals, ScenarioInput, ScenarioSections, StageOutputs } from './contract.ts';
export { editedInputs, inputTextWriter, type EditableInput, type EditedTexts, type InputEdit, type UnwritableEdit } from './editedTexts.ts';
