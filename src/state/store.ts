import { createStore } from 'zustand/vanilla';
import type { ClusterOptions, FixRef, FixTexts, InputName, UpgradeStep, ScenarioResult, SourceRef, TrafficOptions } from '../worker/protocol.ts';
import { defaultScenario, examples } from './defaultScenario.ts';
import { refusalOf, type FixRefusal, type OfferedFix } from './fixTexts.ts';

/** A result panel's id; the UI's panel registry (src/ui/panels/registry.ts) says which exist. */
export type PanelId = string;

/** What the user typed: the only state that must never be lost. */
export interface InputsSlice {
  texts: Record<InputName, string>;
  activeInput: InputName;
  /** The packet to trace and the address family: part of the scenario, so they go in permalinks. */
  traffic: TrafficOptions;
  setText(name: InputName, text: string): void;
  /** Replaces several inputs at once (an applied suggestion, an example). */
  setTexts(texts: Partial<Record<InputName, string>>): void;
  setTraffic(t: Partial<TrafficOptions>): void;
  /** How the simulated cluster is set up (CNI plugin, native sidecars): part of the scenario too. */
  cluster: ClusterOptions;
  setCluster(c: Partial<ClusterOptions>): void;
  /** The last change applied from a panel (a suggested fix), with the texts before it, for Undo. */
  lastApplied?: { label: string; before: Partial<Record<InputName, string>> };
  applyChange(label: string, texts: Partial<Record<InputName, string>>): void;
  /**
   * Applies a verified fix as one undoable change (applyChange). Its texts are written by the
   * engine when asked (the app's analyses leave them: worker/protocol.ts `fixTexts`), so this asks
   * for them first; when they cannot be written, `fixNotice` says why.
   */
  applyFix(fix: OfferedFix): void;
  /** The fix whose texts are being written. */
  applyingFix?: FixRef;
  /** Why the last fix pressed was not applied; said while the texts are the ones it was said of. */
  fixNotice?: FixRef & { why: FixRefusal; texts: Record<InputName, string> };
  undoLastChange(): void;
  setActiveInput(name: InputName): void;
  /** The upgrade the Upgrade panel previews (an example's plan, or the target install the user pasted); not kept in links. */
  upgrade?: UpgradeStep[];
  setUpgrade(steps: UpgradeStep[] | undefined): void;
}

/** What the engine last said, and whether it is working. */
export interface ResultsSlice {
  result?: ScenarioResult;
  running: boolean;
  /** Asks the engine for its built-in install as ConfigMap texts (set once the engine is bound). */
  requestBuiltinConfigMaps?: () => Promise<{ injector: string; mesh: string }>;
  /** Asks the engine for the texts a fix of the selected workload leaves, for the inputs as they are (set once bound). */
  requestFixTexts?: (fix: FixRef) => Promise<FixTexts>;
  /** A message about the engine itself (restarted after a hang, crashed), shown in the status bar. */
  engineNotice?: string;
}

/** Which panel is open and what the user pointed at. */
export interface UiSlice {
  activePanel: PanelId;
  /** The example the inputs were loaded from, while they still are. */
  exampleId?: string;
  loadExample(id: string): void;
  selectedWorkload: number;
  /** A span of input text to reveal and highlight in the editor (e.g. the value a trace step read). */
  reveal?: SourceRef & { nonce: number };
  setActivePanel(p: PanelId): void;
  /**
   * Whether the Patched pod panel's "Injected YAML (kube-inject)" view has been opened: until it
   * is, the engine leaves kube-inject's output uncomputed (engineBinding.ts sends `defer`).
   */
  kubeInjectShown: boolean;
  showKubeInject(): void;
  /**
   * Whether the Traffic panel has been opened (or a report that includes it copied): until it is,
   * the engine leaves the capture rules and the traced packet uncomputed (engineBinding.ts).
   */
  trafficShown: boolean;
  showTraffic(): void;
  selectWorkload(i: number): void;
  revealSource(ref: SourceRef): void;
}

export type AppState = InputsSlice & ResultsSlice & UiSlice;

let revealNonce = 0;

export function createAppStore(initialTexts: Record<InputName, string> = defaultScenario) {
  return createStore<AppState>()((set, get) => ({
    texts: { ...initialTexts },
    activeInput: 'workloads',
    traffic: { family: 'ipv4', preset: 'app-calls-service' },
    setText: (name, text) =>
      set((s) => (s.texts[name] === text ? {} : { texts: { ...s.texts, [name]: text }, exampleId: undefined })),
    setTexts: (texts) => set((s) => ({ texts: { ...s.texts, ...texts } })),
    setTraffic: (t) => set((s) => ({ traffic: { ...s.traffic, ...t } })),
    cluster: {},
    setCluster: (c) => set((s) => ({ cluster: { ...s.cluster, ...c } })),
    applyChange: (label, texts) =>
      set((s) => {
        const before = Object.fromEntries(Object.keys(texts).map((k) => [k, s.texts[k as InputName]]));
        return { texts: { ...s.texts, ...texts }, lastApplied: { label, before }, exampleId: undefined };
      }),
    applyFix: (fix) => {
      const { section, index, sentence } = fix;
      const ref = { section, index, sentence };
      const state = get();
      if (state.applyingFix) return;
      const refuse = (why: FixRefusal, texts = get().texts) => set({ applyingFix: undefined, fixNotice: { ...ref, why, texts } });
      if (fix.unwritable) return refuse({ unwritable: fix.unwritable });
      if (!fix.textsDeferred) return Object.keys(fix.texts).length ? get().applyChange(sentence, fix.texts) : refuse({ empty: true });
      const request = state.requestFixTexts;
      if (!request) return refuse({ failed: 'the engine is not ready yet' });
      const asked = state.texts;
      set({ applyingFix: ref, fixNotice: undefined });
      request(ref).then(
        (answer) => {
          if (get().texts !== asked) return refuse({ changed: true });
          if (!Object.keys(answer.texts).length) return refuse(refusalOf(answer), asked);
          set({ applyingFix: undefined });
          get().applyChange(sentence, answer.texts);
        },
        (err: unknown) => refuse({ failed: err instanceof Error ? err.message : String(err) }),
      );
    },
    undoLastChange: () =>
      set((s) => (s.lastApplied ? { texts: { ...s.texts, ...s.lastApplied.before }, lastApplied: undefined, exampleId: undefined } : {})),
    setActiveInput: (name) => set({ activeInput: name }),
    setUpgrade: (steps) => set({ upgrade: steps?.length ? steps : undefined }),

    running: false,

    activePanel: 'admission',
    exampleId: 'default',
    loadExample: (id) =>
      set((s) => {
        const ex = examples.find((e) => e.id === id);
        if (!ex) return {};
        return {
          texts: { ...ex.texts },
          exampleId: id,
          upgrade: ex.upgrade,
          selectedWorkload: 0,
          cluster: { ...ex.cluster },
          traffic: { family: ex.traffic?.family ?? 'ipv4', preset: ex.expect.trace?.preset ?? ex.traffic?.preset ?? 'app-calls-service' },
          lastApplied: { label: `Loaded the example “${ex.title}”`, before: { ...s.texts } },
        };
      }),
    selectedWorkload: 0,
    // Opening the Traffic tab asks for its section in the same change, so one analysis carries it.
    setActivePanel: (p) => set((s) => (p === 'traffic' && !s.trafficShown ? { activePanel: p, trafficShown: true } : { activePanel: p })),
    kubeInjectShown: false,
    showKubeInject: () => set((s) => (s.kubeInjectShown ? {} : { kubeInjectShown: true })),
    trafficShown: false,
    showTraffic: () => set((s) => (s.trafficShown ? {} : { trafficShown: true })),
    selectWorkload: (i) => set({ selectedWorkload: i }),
    revealSource: (ref) =>
      set((s) => ({
        activeInput: (ref.input as InputName) ?? s.activeInput,
        reveal: { ...ref, nonce: ++revealNonce },
      })),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
