import type { ClusterOptions, ScenarioResult } from '../../worker/protocol.ts';

/** A setting's control: a switch, or one of a few named values. */
export type SettingControl = { kind: 'boolean' } | { kind: 'choice'; choices: readonly { value: string; label: string }[] };

/**
 * Something the simulated cluster contributes that no pasted object says (the CNI plugin, native
 * sidecars, …). The engine gets it as `ScenarioInput.cluster[key]`; the app shows it in the header,
 * permalinks keep it, and the CLI takes it as a flag.
 */
export interface ClusterSetting {
  key: keyof ClusterOptions & string;
  /** The control's label (sentence case, a few words). */
  label: string;
  /** One sentence on what it changes, shown on hover and in `meshsim <verb> --help`. */
  hint: string;
  control: SettingControl;
  /** What the engine assumes when the scenario leaves it unset. */
  default: boolean | string;
  /** The value in effect when the inputs decide it (e.g. CNI from the injector's values), if they do. */
  effective?(result: ScenarioResult | undefined): boolean | string | undefined;
  /** The CLI flag that sets it (`--flag=true|false` for a switch, `--flag=VALUE` for a choice). */
  flag: string;
  /** Where the app shows it: the header (default), or beside what it configures (the Ambient panel). */
  place?: 'header' | 'ambient';
  /** A choice that also takes values beyond its list (e.g. an exact release "1.24.3" from the CLI or a scenario file). */
  accepts?(value: string): boolean;
  /** A choice's label drawn from the result (e.g. "as pasted: Istio 1.24"), and a sentence for its hover. */
  describe?(value: string, result: ScenarioResult | undefined): { label?: string; title?: string } | undefined;
}

/** Whether `value` is one this setting can take (a saved scenario or a flag is checked with it). */
export function validSettingValue(setting: ClusterSetting, value: unknown): boolean {
  if (setting.control.kind === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string' && (setting.control.choices.some((c) => c.value === value) || setting.accepts?.(value) === true);
}
