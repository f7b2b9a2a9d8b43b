import { FIRST_STAGES } from './firstStages.ts';
import { LATER_STAGES } from './laterStages.ts';
import type { AnyStage } from '../stages/index.ts';

/**
 * Every stage of the scenario engine. The order is the order of the result's diagnostics; stages
 * run when pulled, so the order does not decide what runs first. A capability adds its stage (or
 * result section) to the first stages (firstStages.ts: what the first verdict needs) or the later
 * ones (laterStages.ts), one line: see README.md.
 */
export const SCENARIO_STAGES: readonly AnyStage[] = [...FIRST_STAGES, ...LATER_STAGES];
