/**
 * The istio-iptables command line that reproduces a configuration: shown by the UI for the CNI and
 * VM entry paths, whose configuration never passes through a command line.
 */
import { defaultConfig, type CaptureConfig } from './config.ts';
import { ISTIO_IPTABLES_FLAGS } from './flags.ts';

/** Flags whose value is always spelled out, as the injector and CNI plugin do. */
const ALWAYS = new Set(['envoy-port', 'inbound-capture-port', 'proxy-uid', 'proxy-gid', 'istio-inbound-interception-mode', 'istio-service-cidr', 'istio-service-exclude-cidr', 'istio-inbound-ports', 'istio-local-exclude-ports']);

export function equivalentArgs(cfg: CaptureConfig): string[] {
  const defaults = defaultConfig();
  const out = ['istio-iptables'];
  for (const f of ISTIO_IPTABLES_FLAGS) {
    if (!f.field || !f.affectsRules) continue;
    const v = cfg[f.field];
    const name = f.short ? `-${f.short}` : `--${f.name}`;
    if (f.type === 'bool') {
      if (v === true) out.push(name);
      continue;
    }
    if (!ALWAYS.has(f.name) && v === defaults[f.field]) continue;
    out.push(name, String(v));
  }
  return out;
}
