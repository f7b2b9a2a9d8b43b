/// <reference lib="webworker" />
import { createEngineService } from './engineService.ts';
import type { EngineRequest } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

// The injection and traffic stages come in a chunk of their own, fetched at once but not waited
// for: the first verdict is answered from the admission chunk. The CEL compiler comes when a text
// names matchConditions (this worker's build leaves a slot for it: vite.config.ts).
const service = createEngineService(
  {
    later: () => import('../engine/later.ts'),
    cel: () => import('../engine/celCompiler.ts').then((m) => m.installCel()),
  },
  (response) => scope.postMessage(response),
);

scope.onmessage = (event: MessageEvent<EngineRequest>) => service.handle(event.data);
