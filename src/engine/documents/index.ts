// The scenario's documents: every input text parsed once, with positions, and its objects sorted by role.
export { readInputDocuments, readScenarioDocuments, combineInputDocuments, type InputDocuments, type ScenarioDocuments, type ScenarioObject, type Workload } from './scenarioDocuments.ts';
export { classifyDocument } from './classify.ts';
export { POD_TEMPLATE_PATH, WORKLOAD_KINDS, type DocumentRole, type WorkloadKind } from './kinds.ts';
export { embeddedTextOf, parseEmbeddedYaml, type EmbeddedYaml } from './embedded.ts';
