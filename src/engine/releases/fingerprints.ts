/**
 * Structural fingerprints of a chart-rendered istio-sidecar-injector ConfigMap (releases.md §1.2):
 * keys and template text that appeared (or went away) in a known release. Each one narrows the
 * releases the install can come from.
 */
import type { ReleaseRange } from './range.ts';

/** What the fingerprints look at, already parsed. */
export interface InstallShape {
  /** The `values` document (undefined when absent or unreadable). */
  values?: Record<string, unknown>;
  /** Template names of the `config` document. */
  templateNames: string[];
  /** The `sidecar` template's text, when the config has one. */
  sidecar?: string;
}

export interface Fingerprint {
  /** What was looked for, in the words a user would search the ConfigMap with. */
  label: string;
  /** Releases whose chart writes it. */
  range: ReleaseRange;
  /** undefined: cannot be told from this install (e.g. no sidecar template). */
  present(shape: InstallShape): boolean | undefined;
  /**
   * The chart always writes it in the releases of `range`, so its absence also counts (rules out
   * those releases). Only for text every chart-rendered sidecar template carries unconditionally.
   */
  absenceCounts: boolean;
}

function at(v: unknown, path: string): unknown {
  let cur = v;
  for (const key of path.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The config holds the chart's base templates (so a template missing from it was not written by that chart). */
const chartTemplates = (s: InstallShape) => ['sidecar', 'gateway', 'waypoint', 'kube-gateway'].every((n) => s.templateNames.includes(n));

const hasValue = (path: string) => (s: InstallShape) => (s.values ? at(s.values, path) !== undefined : undefined);
const inSidecar = (needle: string | RegExp) => (s: InstallShape) =>
  s.sidecar === undefined ? undefined : typeof needle === 'string' ? s.sidecar.includes(needle) : needle.test(s.sidecar);

export const FINGERPRINTS: readonly Fingerprint[] = [
  {
    label: 'values.istio_cni with global.proxy.enableCoreDump',
    range: { until: ['1.24'] },
    present: (s) => (s.values ? at(s.values, 'istio_cni') !== undefined && at(s.values, 'global.proxy.enableCoreDump') !== undefined : undefined),
    absenceCounts: false,
  },
  { label: 'values.gateways', range: { from: ['1.23'] }, present: hasValue('gateways'), absenceCounts: false },
  { label: '--outlierLogPath in the sidecar template', range: { from: ['1.23'] }, present: inSidecar('--outlierLogPath'), absenceCounts: true },
  {
    label: 'the native-sidecar expression reads only env "ENABLE_NATIVE_SIDECARS"',
    range: { until: ['1.24'] },
    present: (s) => (s.sidecar === undefined ? undefined : s.sidecar.includes('ENABLE_NATIVE_SIDECARS') && !s.sidecar.includes('sidecar.istio.io/nativeSidecar')),
    absenceCounts: false,
  },
  {
    label: 'the native-sidecar expression reads the sidecar.istio.io/nativeSidecar annotation and env "ENABLE_NATIVE_SIDECARS"',
    range: { from: ['1.24'], until: ['1.27'] },
    present: (s) => (s.sidecar === undefined ? undefined : s.sidecar.includes('ENABLE_NATIVE_SIDECARS') && s.sidecar.includes('sidecar.istio.io/nativeSidecar')),
    absenceCounts: false,
  },
  { label: 'global.proxy_init.forceApplyIptables', range: { from: ['1.24'] }, present: hasValue('global.proxy_init.forceApplyIptables'), absenceCounts: false },
  { label: '--force-apply in the sidecar template', range: { from: ['1.24'] }, present: inSidecar('--force-apply'), absenceCounts: true },
  { label: 'istio.io/reroute-virtual-interfaces in the sidecar template', range: { from: ['1.25'] }, present: inSidecar('istio.io/reroute-virtual-interfaces'), absenceCounts: true },
  { label: 'values.pilot.env', range: { from: ['1.26'] }, present: hasValue('pilot.env'), absenceCounts: false },
  { label: '$noInitContainer in the sidecar template', range: { from: ['1.26'] }, present: inSidecar('$noInitContainer'), absenceCounts: true },
  { label: '.NativeSidecars in the sidecar template', range: { from: ['1.27'] }, present: inSidecar('.NativeSidecars'), absenceCounts: true },
  { label: '--native-nftables in the sidecar template', range: { from: ['1.27'] }, present: inSidecar('--native-nftables'), absenceCounts: true },
  { label: 'global.nativeNftables', range: { from: ['1.27'] }, present: hasValue('global.nativeNftables'), absenceCounts: false },
  { label: '$tproxy in the sidecar template', range: { from: ['1.25.4', '1.26.2', '1.27'] }, present: inSidecar('$tproxy'), absenceCounts: true },
  { label: 'global.trustBundleName in the sidecar template', range: { from: ['1.26.3', '1.27'] }, present: inSidecar('trustBundleName'), absenceCounts: true },
  {
    label: 'global.proxy.seccompProfile, global.resourceScope or global.networkPolicy',
    range: { from: ['1.28'] },
    present: (s) => (s.values ? ['global.proxy.seccompProfile', 'global.resourceScope', 'global.networkPolicy'].some((p) => at(s.values, p) !== undefined) : undefined),
    absenceCounts: false,
  },
  { label: 'proxyCPU annotations rendered with | quote', range: { from: ['1.27.6', '1.28.4', '1.29'] }, present: inSidecar(/sidecar\.istio\.io\/proxyCPU`?"?\s*\|\s*quote/), absenceCounts: false },
  { label: 'an agentgateway template', range: { from: ['1.29'] }, present: (s) => (chartTemplates(s) ? s.templateNames.includes('agentgateway') : undefined), absenceCounts: true },
  { label: 'toYaml (omitNil .Values.global.proxy.resources)', range: { from: ['1.28.6', '1.29.1'] }, present: inSidecar('omitNil .Values.global.proxy.resources'), absenceCounts: true },
  { label: 'otelResourceAttributes in the sidecar template', range: { from: ['1.30'] }, present: inSidecar('otelResourceAttributes'), absenceCounts: true },
  { label: '.ProxyInitImage in the sidecar template', range: { from: ['master'] }, present: inSidecar('.ProxyInitImage'), absenceCounts: true },
  { label: 'GOMAXPROCS in the sidecar template', range: { until: ['master'] }, present: inSidecar('GOMAXPROCS'), absenceCounts: false },
];
