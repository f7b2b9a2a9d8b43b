// The typed messages between the app and the engine's Web Worker. The UI imports engine *types*
// only from here, so imports run one way: UI → state → worker client → engine.
import type { ScenarioInput, ScenarioResult } from '../engine/index.ts';

export type * from '../engine/index.ts';
export { INPUT_NAMES } from '../engine/scenario/types.ts';

export type EngineRequest = { type: 'analyze'; id: number; input: ScenarioInput } | { type: 'builtinConfigMaps'; id: number };

export type EngineResponse =
  | { type: 'result'; id: number; result: ScenarioResult }
  | { type: 'builtinConfigMaps'; id: number; injector: string; mesh: string }
  | { type: 'failure'; id: number; message: string };
