/// <reference lib="webworker" />
import { analyzeScenario, builtinConfigMaps } from '../engine/index.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  const req = event.data;
  let response: EngineResponse;
  try {
    response = req.type === 'analyze' ? { type: 'result', id: req.id, result: analyzeScenario(req.input) } : { type: 'builtinConfigMaps', id: req.id, ...builtinConfigMaps() };
  } catch (err) {
    // analyzeScenario never throws by contract; this is the last line of defence.
    response = { type: 'failure', id: req.id, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(response);
};
