import { useState } from 'react';
import { useAppState } from '../state/storeContext.tsx';

/**
 * Above the Injector and Mesh tabs while they hold no ConfigMap: says that the built-in install is in
 * use and offers to write it out, so templates, policy and selectors can be edited from there.
 */
export function InstallHint() {
  const active = useAppState((s) => s.activeInput);
  const inputs = useAppState((s) => s.result?.inputs);
  const request = useAppState((s) => s.requestBuiltinConfigMaps);
  const apply = useAppState((s) => s.applyChange);
  const [failed, setFailed] = useState<string | undefined>();
  if (!inputs || !request) return null;
  const target = active === 'injector' && inputs.injectorConfigMaps === 0 ? 'injector' : active === 'mesh' && inputs.meshConfigMaps === 0 ? 'mesh' : undefined;
  if (!target) return null;
  const insert = async () => {
    try {
      const maps = await request();
      apply(`Inserted meshsim's built-in ${target === 'injector' ? 'injector' : 'mesh'} ConfigMap`, { [target]: maps[target] });
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <div className="install-hint" role="note">
      No {target === 'injector' ? 'istio-sidecar-injector' : 'istio'} ConfigMap here, so meshsim uses its built-in default install.{' '}
      <button className="button" onClick={insert}>
        Insert it to edit
      </button>
      {failed ? <span className="muted"> ({failed})</span> : null}
    </div>
  );
}
