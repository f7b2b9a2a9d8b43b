import { createEngineClient, type EngineClient } from '../worker/engineClient.ts';
import type { ScenarioInput } from '../worker/protocol.ts';
import { INLINE_LIMIT, autosaveNow } from './persistence.ts';
import type { AppStore } from './store.ts';

/**
 * Sends the inputs to the engine whenever they change and stores what comes back. There is no
 * debounce: the engine recomputes only what an edit touches, and the client keeps one analysis in
 * flight with the newest input waiting (engineClient.ts), so typing never queues work up.
 * Returns a function that disconnects.
 */
export function bindEngine(store: AppStore, options: { timeoutMs?: number; client?: EngineClient } = {}) {
  const client =
    options.client ??
    createEngineClient((event) => {
      if (event.type === 'result') store.setState({ result: event.result, running: Boolean(event.result.pending?.length), engineNotice: undefined });
      else if (event.type === 'failure') store.setState({ running: false, engineNotice: `The engine failed: ${event.message}` });
      else store.setState({ running: false, engineNotice: `${event.reason}. Your text is untouched; edit it to try again.` });
    }, { timeoutMs: options.timeoutMs });

  const inputOf = (): ScenarioInput => {
    const { texts, selectedWorkload, traffic, cluster, upgrade, kubeInjectShown, trafficShown, activePanel } = store.getState();
    // kube-inject's output is shown in one view of the Patched pod panel: computed once that view has been opened.
    // The Traffic section is shown in the Traffic panel (open from the start when a link or the autosave opens on it).
    const wait = { ...(kubeInjectShown ? {} : { kubeInject: true }), ...(trafficShown || activePanel === 'traffic' ? {} : { traffic: true }) };
    const defer = Object.keys(wait).length ? { defer: wait } : {};
    return { texts, selectedWorkload, traffic, cluster, ...defer, ...(upgrade ? { upgrade: { steps: upgrade } } : {}) };
  };
  store.setState({
    requestBuiltinConfigMaps: () => client.builtinConfigMaps(),
    // The worker writes a fix's texts when its Apply is pressed (protocol.ts), for the inputs as they are now.
    requestFixTexts: (fix) => client.fixTexts(inputOf(), fix),
  });
  const post = () => client.analyze(inputOf());
  const send = () => {
    store.setState({ running: true });
    // A large text could take the tab down with the engine: it is saved before the engine sees it.
    if (Object.values(store.getState().texts).reduce((n, t) => n + t.length, 0) > INLINE_LIMIT) void autosaveNow(store).then(post, post);
    else post();
  };
  send();
  const unsubscribe = store.subscribe((state, prev) => {
    if (state.texts !== prev.texts || state.selectedWorkload !== prev.selectedWorkload || state.traffic !== prev.traffic || state.cluster !== prev.cluster || state.upgrade !== prev.upgrade || state.kubeInjectShown !== prev.kubeInjectShown || state.trafficShown !== prev.trafficShown) send();
  });
  return () => {
    unsubscribe();
    client.dispose();
  };
}
