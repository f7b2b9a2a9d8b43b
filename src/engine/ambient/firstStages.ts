/**
 * The ambient stages the admission's first verdict needs (registered in scenario/firstStages.ts):
 * istio-cni's settings and, for every workload, whether it lives in the ambient world. The selected
 * workload's data plane (ambientStage.ts) reads its patched pod, so it comes with the later stages.
 *
 * ambient/'s side door for the app worker's first chunk (eslint.config.js, SIDE_DOORS): its exports
 * are all the first verdict takes from ambient/. Through index.ts it would take every file the
 * index names along into that chunk (a bundler places a module by what imports it, used or not).
 */
import { diagnostic } from '../diagnostics.ts';
import type { ScenarioObject } from '../documents/index.ts';
import { defineStage } from '../stages/index.ts';
import { workloadAmbientIntent } from './intent.ts';
import { resolveCniSettings, type CniSettingsSources, type ResolvedCniSettings } from './readSettings.ts';
import { switchesOf } from './switches.ts';

export interface CniSettingsSection extends ResolvedCniSettings {
  /** Where the settings came from, in words: the pasted objects read, or the embedded default. */
  from: string[];
}

function where(o: ScenarioObject): string {
  const name = o.value.metadata?.name;
  const what = o.role.role === 'cniConfig' && o.role.form === 'values' ? 'istio-cni chart values' : `${String(o.value.kind ?? '')} ${name ?? ''}`.trim();
  const at = o.doc.locate(o.path);
  return `${what} (${o.doc.input}${at ? ` line ${at.line}` : ''})`;
}

export function cniSettingsFrom(objects: readonly ScenarioObject[], cluster: Parameters<typeof switchesOf>[0]): CniSettingsSection {
  const found = objects.filter((o) => o.role.role === 'cniConfig');
  const configMaps = found.filter((o) => o.role.role === 'cniConfig' && o.role.form === 'configMap');
  const values = found.filter((o) => o.role.role === 'cniConfig' && o.role.form !== 'configMap');
  const locate = (o: ScenarioObject) => (path: readonly (string | number)[]) => o.doc.locate([...o.path, ...path]);
  const sources: CniSettingsSources = {
    ...(configMaps[0] ? { configMap: { value: configMaps[0].value, locate: locate(configMaps[0]) } } : {}),
    ...(values[0] ? { values: { value: values[0].value, locate: locate(values[0]) } } : {}),
    switches: switchesOf(cluster),
  };
  const resolved = resolveCniSettings(sources);
  for (const extra of [...configMaps.slice(1), ...values.slice(1)]) {
    resolved.diagnostics.push(diagnostic('ambient', 'warning', `a second set of istio-cni settings (${where(extra)}) is ignored: only the first is read`, extra.doc.locate(extra.path)));
  }
  const from = [...(values[0] ? [where(values[0])] : []), ...(configMaps[0] ? [where(configMaps[0])] : [])];
  return { ...resolved, from: from.length ? from : ["meshsim's embedded default: Istio's ambient profile"] };
}

/** `cniSettings`: reruns only when an istio-cni settings object or a switch changed. */
export const cniSettingsStage = defineStage({
  id: 'cniSettings',
  reads: (ctx) => {
    const c = ctx.input.cluster;
    return [...ctx.get('model').objects.filter((o) => o.role.role === 'cniConfig'), c?.ambient, c?.ambientDnsCapture, c?.nativeNftables, c?.ambientSelectors, c?.ambientExcludeNamespaces];
  },
  run: (ctx) => cniSettingsFrom(ctx.get('model').objects, ctx.input.cluster),
  diagnostics: (out) => out.diagnostics,
  fallback: () => ({ ...resolveCniSettings(), from: [] }),
});

/**
 * `ambientIntent`: for every workload, whether it lives in the ambient world. The admission reads it
 * (no advice to add a sidecar there), so it is one of the first stages: it needs no injection.
 */
export const ambientIntentStage = defineStage({
  id: 'ambientIntent',
  reads: (ctx) => [ctx.get('cniSettings'), ctx.get('admit')],
  run: (ctx) => ctx.get('admit').admitted.map((a) => workloadAmbientIntent(a.subject, ctx.get('cniSettings').settings)),
  fallback: () => [],
});

/**
 * The admission's suggestions that still apply: for a pod in the ambient world, advice that ends
 * in an injected sidecar would put a sidecar in place of ztunnel, so it is dropped (the ambient
 * section's fixes say what to do instead).
 */
export function withoutSidecarAdvice<T extends { verdictAfter: string }>(suggestions: T[], ambientIntent: boolean | undefined): T[] {
  return ambientIntent ? suggestions.filter((s) => s.verdictAfter !== 'injected') : suggestions;
}
