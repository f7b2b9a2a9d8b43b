// The typed messages between the app and the engine's Web Worker. The main thread imports engine
// *types* only from here (lint-enforced), so imports run one way: UI → state → worker client →
// engine, and no engine code reaches the main-thread bundle.
import type { InputName, ScenarioInput, ScenarioResult } from '../engine/index.ts';

export type * from '../engine/index.ts';

/**
 * The editor tabs, in order. The engine owns the names (`InputName`); the main thread needs them
 * as a value too, and may not import engine values, so they are listed here and the compiler
 * checks the list is exactly the engine's.
 */
export const INPUT_NAMES = ['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'] as const satisfies readonly InputName[];
type Missing = Exclude<InputName, (typeof INPUT_NAMES)[number]>;
const everyInputListed: [Missing] extends [never] ? true : Missing = true;
void everyInputListed;

/**
 * An analysis request. A text of a MB or more travels in `blobs` (its place in `input.texts` left
 * empty): a Blob crosses by reference, where a string is copied inside one main-thread task
 * (largeTexts.ts); the worker puts the texts back before the engine sees the input.
 */
export type EngineRequest = { type: 'analyze'; id: number; input: ScenarioInput; blobs?: Partial<Record<InputName, Blob>> } | { type: 'builtinConfigMaps'; id: number };

export type EngineResponse =
  | { type: 'result'; id: number; result: ScenarioResult }
  | { type: 'builtinConfigMaps'; id: number; injector: string; mesh: string }
  | { type: 'failure'; id: number; message: string };
