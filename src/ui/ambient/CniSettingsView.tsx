import { CLUSTER_SETTINGS } from '../../state/settings/index.ts';
import { useAppState } from '../../state/storeContext.tsx';
import type { AmbientSection, CniSettingKey } from '../../worker/protocol.ts';
import { SettingControl } from '../ClusterSettings.tsx';

const ROWS: { key: CniSettingKey; label: string; show: (s: AmbientSection['settings']['settings']) => string }[] = [
  { key: 'ambientEnabled', label: 'ambient enabled', show: (s) => String(s.ambientEnabled) },
  { key: 'enablementSelectors', label: 'enablement selectors', show: (s) => `${s.enablementSelectors.length} selector${s.enablementSelectors.length === 1 ? '' : 's'}` },
  { key: 'excludeNamespaces', label: 'excluded namespaces', show: (s) => s.excludeNamespaces.join(', ') || '(none)' },
  { key: 'podNamespace', label: 'istio-cni runs in', show: (s) => s.podNamespace || '""' },
  { key: 'dnsCapture', label: 'DNS capture', show: (s) => String(s.dnsCapture) },
  { key: 'ipv6', label: 'IPv6 rules', show: (s) => String(s.ipv6) },
  { key: 'nativeNftables', label: 'native nftables', show: (s) => String(s.nativeNftables) },
  { key: 'hostProbeSNATIP', label: 'probe SNAT address', show: (s) => s.hostProbeSNATIP },
];

/** istio-cni's settings: where they came from, each value's origin, the switches, and the embedded default to paste. */
export function CniSettingsView({ section }: { section: AmbientSection }) {
  const reveal = useAppState((s) => s.revealSource);
  const apply = useAppState((s) => s.applyChange);
  const mesh = useAppState((s) => s.texts.mesh);
  const { settings, origins, from } = section.settings;
  const pasted = from.some((f) => !f.startsWith("meshsim's"));
  return (
    <section aria-label="istio-cni settings" data-testid="cni-settings">
      <h4>istio-cni settings</h4>
      <p className="muted small">From {from.join(' and ')}; a switch below wins over both.</p>
      <fieldset className="cluster-settings ambient-switches">
        <legend className="sr-only">istio-cni switches</legend>
        {CLUSTER_SETTINGS.filter((s) => s.place === 'ambient').map((s) => (
          <SettingControl key={s.key} setting={s} />
        ))}
      </fieldset>
      <table className="settings-table">
        <tbody>
          {ROWS.map((r) => {
            const o = origins[r.key];
            return (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>
                  <code>{r.show(settings)}</code>
                </td>
                <td>
                  {o.source ? (
                    <button className="link" onClick={() => reveal(o.source!)}>
                      {o.key}
                    </button>
                  ) : (
                    <span className="muted">{o.from === 'switch' ? 'switch' : o.key}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pasted ? null : (
        <button className="button" onClick={() => apply("Inserted istio-cni's settings (Istio's ambient profile) into the Mesh tab", { mesh: `${mesh.trimEnd()}\n---\n${section.builtinConfigMap}` })}>
          Write the embedded istio-cni-config into the Mesh tab to edit it
        </button>
      )}
    </section>
  );
}
