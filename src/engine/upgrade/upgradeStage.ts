import { defineStage, INPUT_NAMES } from '../stages/index.ts';
import { previewUpgrade, type UpgradePreview } from './preview.ts';
import type { UpgradeStep } from '../audit/index.ts';

declare module '../stages/index.ts' {
  interface ScenarioInput {
    /** Upgrade steps to preview: the result then has an `upgrade` section. */
    upgrade?: { steps: UpgradeStep[] };
  }
  interface ScenarioSections {
    /** The upgrade preview, when the input names upgrade steps (`ScenarioInput.upgrade`). */
    upgrade?: UpgradePreview;
  }
}

/**
 * `upgrade` (published): the scenario's cluster through the upgrade's steps, and the selected
 * workload under today's and the target install. It runs only when steps are given, and again when
 * a text, the steps, the selection, the native-sidecar or the Istio release setting, or istio-cni's
 * settings change.
 */
export const upgradeStage = defineStage({
  id: 'upgrade',
  publish: true,
  reads: (ctx) => [ctx.input.upgrade, ctx.get('selection'), ctx.input.cluster?.nativeSidecars, ctx.input.cluster?.istioRelease, ctx.get('cniSettings'), ...INPUT_NAMES.map((n) => ctx.input.texts[n] ?? '')],
  run: (ctx) => {
    const steps = ctx.input.upgrade?.steps ?? [];
    if (!steps.length) return undefined;
    const istioRelease = ctx.input.cluster?.istioRelease;
    // The Ambient tab's istio-cni settings, so the preview's capture says what that tab and Traffic say.
    return previewUpgrade({ texts: ctx.input.texts, steps, selectedWorkload: ctx.get('selection'), nativeSidecars: ctx.input.cluster?.nativeSidecars, cni: ctx.get('cniSettings'), ...(istioRelease ? { istioRelease } : {}) });
  },
  diagnostics: (out) => [...(out?.diagnostics ?? []), ...(out?.states.flatMap((s) => s.diagnostics) ?? [])],
  fallback: () => undefined,
});
