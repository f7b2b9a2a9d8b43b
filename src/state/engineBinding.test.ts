import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../worker/engineClient.ts';
import type { ScenarioInput } from '../worker/protocol.ts';
import { bindEngine } from './engineBinding.ts';
import { createAppStore } from './store.ts';

/** A client that records what it is asked to analyse. */
function recordingClient(): EngineClient & { inputs: ScenarioInput[] } {
  const inputs: ScenarioInput[] = [];
  return {
    inputs,
    analyze: (input: ScenarioInput) => void inputs.push(input),
    builtinConfigMaps: () => Promise.resolve({ injector: '', mesh: '' }),
    dispose: () => {},
  } as unknown as EngineClient & { inputs: ScenarioInput[] };
}

describe('the engine binding', () => {
  it("defers kube-inject's output until its view has been opened, then asks for it", () => {
    const store = createAppStore();
    const client = recordingClient();
    const unbind = bindEngine(store, { client });
    expect(client.inputs.at(-1)?.defer).toEqual({ kubeInject: true });
    store.getState().showKubeInject();
    expect(client.inputs).toHaveLength(2);
    expect(client.inputs.at(-1)?.defer).toBeUndefined();
    // It stays shown: the next edit is analysed with it.
    store.getState().setText('workloads', `${store.getState().texts.workloads}\n# edited\n`);
    expect(client.inputs.at(-1)?.defer).toBeUndefined();
    unbind();
  });
});
