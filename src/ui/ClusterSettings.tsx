import { CLUSTER_SETTINGS, type ClusterSetting } from '../state/settings/index.ts';
import { useAppState } from '../state/storeContext.tsx';

/** What the cluster contributes that no pasted object says: one control per registered setting. */
export function ClusterSettings() {
  return (
    <fieldset className="cluster-settings">
      <legend className="sr-only">Cluster</legend>
      {CLUSTER_SETTINGS.filter((s) => (s.place ?? 'header') === 'header').map((s) => (
        <SettingControl key={s.key} setting={s} />
      ))}
    </fieldset>
  );
}

/** One setting's control (the Ambient panel shows the istio-cni ones with it). */
export function SettingControl({ setting }: { setting: ClusterSetting }) {
  const chosen = useAppState((s) => (s.cluster as Record<string, boolean | string | undefined>)[setting.key]);
  const effective = useAppState((s) => setting.effective?.(s.result));
  const result = useAppState((s) => s.result);
  const setCluster = useAppState((s) => s.setCluster);
  const value = chosen ?? effective ?? setting.default;
  const set = (v: boolean | string) => setCluster({ [setting.key]: v });
  if (setting.control.kind === 'boolean') {
    return (
      <label title={setting.hint}>
        <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} /> {setting.label}
      </label>
    );
  }
  // A value beyond the list (an exact patch from a scenario file) is shown as its own option.
  const choices = setting.control.choices.some((c) => c.value === String(value)) ? setting.control.choices : [...setting.control.choices, { value: String(value), label: String(value) }];
  const described = setting.describe?.(String(value), result);
  return (
    <label title={described?.title ? `${setting.hint}. ${described.title}` : setting.hint}>
      {setting.label}{' '}
      <select value={String(value)} onChange={(e) => set(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {setting.describe?.(c.value, result)?.label ?? c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
