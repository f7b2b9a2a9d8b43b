/**
 * Ambient in the scenario engine, registered in scenario/firstStages.ts and laterStages.ts.
 *
 * - `cniSettings` and `ambientIntent` (firstStages.ts, first verdict): istio-cni's settings from the
 *   pasted `istio-cni-config` ConfigMap, chart values or operator resource (any input tab; see
 *   documents/classify.ts) and the cluster switches, over Istio's ambient profile; and per workload
 *   whether it lives in the ambient world.
 * - `ambientWorkload` + `ambient` (later stages) (published as `result.ambient`): the selected workload through
 *   both data planes — istio-cni's steps on the pod as admitted (istiod's patched pod when
 *   injected), the verdict and its interplay, the node agent's view of a running pod, and verified
 *   fixes with the texts they would leave — plus, for every workload, whether it lives in the
 *   ambient world (the admission drops advice to add a sidecar to those).
 */
import type { Diagnostic } from '../diagnostics.ts';
import { IGNORED_NAMESPACES } from '../injectionPolicy/index.ts';
import { defineStage, editedInputs, inputTextWriter, type InputName, type UnwritableEdit } from '../stages/index.ts';
import { builtinCniConfigMapText } from './builtinConfigMap.ts';
import { resolveCniSettings } from './readSettings.ts';
import { workloadDataPlane, type AmbientFixWithEdits, type WorkloadDataPlane } from './workloadDataPlane.ts';
import type { CniSettingsSection } from './firstStages.ts';

export { cniSettingsFrom, cniSettingsStage, ambientIntentStage, withoutSidecarAdvice, type CniSettingsSection } from './firstStages.ts';


export interface AmbientFixApplied extends AmbientFixWithEdits {
  /** The input texts the fix would leave (for the selected workload; empty when an edit cannot apply). */
  texts: Partial<Record<InputName, string>>;
  /** The texts wait until the caller asks (`ScenarioInput.defer.suggestionTexts`: the app, until Apply is pressed). */
  textsDeferred?: true;
  /** Why the texts are empty: an input the fix would be written into refuses it. */
  unwritable?: UnwritableEdit;
}

export interface AmbientSection {
  settings: CniSettingsSection;
  /** The embedded default as an `istio-cni-config` ConfigMap, for the user to insert and edit. */
  builtinConfigMap: string;
  /** The selected workload (absent when the scenario has none). */
  workload?: Omit<WorkloadDataPlane, 'fixes'> & { fixes: AmbientFixApplied[] };
  /** Per workload: whether it lives in the ambient world, where advice to add a sidecar does not apply. */
  ambientIntent: boolean[];
  diagnostics: Diagnostic[];
}

declare module '../stages/index.ts' {
  interface ScenarioSections {
    /** Is the selected pod in the mesh, and how: sidecar, ambient, or neither (istio-cni's view). */
    ambient?: AmbientSection;
  }
  interface StageOutputs {
    /** istio-cni's settings as pasted (or Istio's ambient profile) with the switches applied. */
    cniSettings: CniSettingsSection;
    /** The selected workload's data plane and every workload's mode, before the fixes' texts. */
    ambientWorkload: AmbientComputed;
    /** Per workload: whether it lives in the ambient world (the admission's first verdict reads this). */
    ambientIntent: boolean[];
  }
}



/** The selected workload through both data planes, and every workload's mode (before the fixes' texts). */
export interface AmbientComputed extends Omit<AmbientSection, 'workload'> {
  workload?: WorkloadDataPlane;
}


/** `ambientWorkload`: reruns when the settings, the cluster objects, a workload or the selected pod's injection changed. */
export const ambientWorkloadStage = defineStage({
  id: 'ambientWorkload',
  reads: (ctx) => {
    const selected = ctx.get('selection');
    const injected = ctx.get('admit').admitted[selected]?.admission.verdict === 'injected' ? ctx.get('injection')?.pod?.after : undefined;
    return [ctx.get('cniSettings'), ctx.get('clusterIndex'), ctx.get('admit'), ctx.get('ambientIntent'), selected, injected];
  },
  run: (ctx): AmbientComputed => {
    const cni = ctx.get('cniSettings');
    const index = ctx.get('clusterIndex');
    const { admitted } = ctx.get('admit');
    const selected = ctx.get('selection');
    const base = { settings: cni, builtinConfigMap: builtinCniConfigMapText(), diagnostics: [] as Diagnostic[] };
    if (!index) return { ...base, ambientIntent: [] };
    const common = { index, ignoredNamespaces: IGNORED_NAMESPACES, cni };
    const ambientIntent = ctx.get('ambientIntent');
    const chosen = admitted[selected];
    if (!chosen) return { ...base, ambientIntent };
    const injected = chosen.admission.verdict === 'injected' ? (ctx.get('injection')?.pod?.after as Record<string, any> | undefined) : undefined;
    const workload = workloadDataPlane({ ...common, subject: chosen.subject, docs: chosen.docs, core: chosen.core, ...(injected ? { injectedPod: injected } : {}) });
    // The settings' own diagnostics are the cniSettings stage's; the workload's are its own.
    return { ...base, workload, ambientIntent, diagnostics: workload.diagnostics.filter((d) => !cni.diagnostics.includes(d)) };
  },
  diagnostics: (out) => out.diagnostics,
  fallback: () => ({ settings: { ...resolveCniSettings(), from: [] }, builtinConfigMap: '', ambientIntent: [], diagnostics: [] }),
});

/** `ambient` (published): the computed section with the texts each fix would leave in the editors (unless deferred). */
export const ambientStage = defineStage({
  id: 'ambient',
  publish: true,
  reads: (ctx) => {
    const computed = ctx.get('ambientWorkload');
    // Deferred (`defer.suggestionTexts`, declared with the admission's suggestions): no input is read.
    if (ctx.input.defer?.suggestionTexts) return [computed, 'deferred'];
    const inputs = editedInputs((computed.workload?.fixes ?? []).flatMap((f) => f.yamlEdits));
    return [computed, ...inputs.map((n) => ctx.get(`parse:${n}`))];
  },
  run: (ctx): AmbientSection => {
    const { workload, ...rest } = ctx.get('ambientWorkload');
    if (!workload) return rest;
    if (ctx.input.defer?.suggestionTexts) return { ...rest, workload: { ...workload, fixes: workload.fixes.map((f) => ({ ...f, texts: {}, textsDeferred: true })) } };
    // Each text is edited from the parse its input stage made, as the admission's suggestions are.
    const write = inputTextWriter((name) => ctx.get(`parse:${name}`));
    const fixes = workload.fixes.map((f): AmbientFixApplied => {
      const edited = write(f.yamlEdits);
      return edited.unwritable ? { ...f, texts: {}, unwritable: edited.unwritable } : { ...f, texts: edited.texts };
    });
    return { ...rest, workload: { ...workload, fixes } };
  },
  fallback: () => undefined,
});
