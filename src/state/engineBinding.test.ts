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
    expect(client.inputs.at(-1)?.defer).toEqual({ kubeInject: true, traffic: true });
    store.getState().showKubeInject();
    expect(client.inputs).toHaveLength(2);
    expect(client.inputs.at(-1)?.defer).toEqual({ traffic: true });
    // It stays shown: the next edit is analysed with it.
    store.getState().setText('workloads', `${store.getState().texts.workloads}\n# edited\n`);
    expect(client.inputs.at(-1)?.defer).toEqual({ traffic: true });
    unbind();
  });

  it('defers the Traffic section until the Traffic tab opens, in the same analysis, and keeps asking for it after', () => {
    const store = createAppStore();
    const client = recordingClient();
    const unbind = bindEngine(store, { client });
    store.getState().setActivePanel('pod');
    expect(client.inputs).toHaveLength(1);
    store.getState().setActivePanel('traffic');
    expect(client.inputs).toHaveLength(2);
    expect(client.inputs.at(-1)?.defer).toEqual({ kubeInject: true });
    // Leaving the tab does not drop it: an edit made elsewhere still brings the section back with it.
    store.getState().setActivePanel('admission');
    store.getState().setText('workloads', `${store.getState().texts.workloads}\n# edited\n`);
    expect(client.inputs.at(-1)?.defer).toEqual({ kubeInject: true });
    unbind();
  });

  it('asks for the Traffic section in the first analysis when the app opens on the Traffic tab (a link, the autosave)', () => {
    const store = createAppStore();
    store.setState({ activePanel: 'traffic' });
    const client = recordingClient();
    const unbind = bindEngine(store, { client });
    expect(client.inputs).toHaveLength(1);
    expect(client.inputs[0].defer).toEqual({ kubeInject: true });
    unbind();
  });

  it('asks for the Traffic section when something else shows it (the Markdown report)', () => {
    const store = createAppStore();
    const client = recordingClient();
    const unbind = bindEngine(store, { client });
    store.getState().showTraffic();
    expect(client.inputs).toHaveLength(2);
    expect(client.inputs.at(-1)?.defer).toEqual({ kubeInject: true });
    store.getState().showTraffic();
    expect(client.inputs).toHaveLength(2);
    unbind();
  });
});
