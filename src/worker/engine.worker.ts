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

/** The newest analysis asked for: one whose large texts are still being read is dropped once overtaken. */
let newest = 0;
scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  const req = event.data;
  if (req.type === 'builtinConfigMaps' || !req.blobs) {
    if (req.type === 'analyze') newest = req.id;
    service.handle(req);
    return;
  }
  if (req.type === 'analyze') newest = req.id;
  const blobs = Object.entries(req.blobs);
  void Promise.all(blobs.map(([, blob]) => blob!.text())).then(
    (texts) => {
      if (req.type === 'analyze' && newest !== req.id) return;
      const all = { ...req.input.texts };
      blobs.forEach(([name], i) => (all[name as keyof typeof all] = texts[i]));
      service.handle({ ...req, input: { ...req.input, texts: all }, blobs: undefined });
    },
    (err: unknown) => scope.postMessage({ type: 'failure', id: req.id, message: `a large text could not be read: ${err instanceof Error ? err.message : String(err)}` }),
  );
};
