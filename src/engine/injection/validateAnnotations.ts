import { defaultProxyConfig, mergeProxyConfig, normalizeProxyConfig, validateProxyConfig } from '../mesh/index.ts';
import { parseAnnotationYaml } from './annotationYaml.ts';
import { goBoolError, goQuote, parseGoUint, parsePrefix } from '../go/index.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

/**
 * Validation of the pod annotations istiod checks before rendering (spec §6). Every failure is
 * collected; the injection then fails with them all, worded as istiod words them.
 */
type Validator = (value: string) => string | undefined;

const ANNOTATION_VALIDATORS: Record<string, Validator> = {
  'sidecar.istio.io/interceptionMode': (v) =>
    ['REDIRECT', 'TPROXY', 'NONE'].includes(v) ? undefined : `interceptionMode invalid, use REDIRECT,TPROXY,NONE: ${v}`,
  'status.sidecar.istio.io/port': (v) => {
    const e = portError(v);
    // istiod really names the wrong parameter here.
    return e ? `excludeInboundPorts invalid: ${e}` : undefined;
  },
  'readiness.status.sidecar.istio.io/initialDelaySeconds': (v) => parseGoUint(v, 32).error,
  'readiness.status.sidecar.istio.io/periodSeconds': (v) => parseGoUint(v, 32).error,
  'readiness.status.sidecar.istio.io/failureThreshold': (v) => parseGoUint(v, 32).error,
  'traffic.sidecar.istio.io/includeOutboundIPRanges': (v) => {
    if (v === '*') return undefined;
    const e = cidrListError(v);
    return e ? `includeIPRanges invalid: ${e}` : undefined;
  },
  'traffic.sidecar.istio.io/excludeOutboundIPRanges': (v) => {
    const e = cidrListError(v);
    return e ? `excludeIPRanges invalid: ${e}` : undefined;
  },
  'traffic.sidecar.istio.io/includeInboundPorts': (v) => (v === '*' ? undefined : portListError('includeInboundPorts', v)),
  'traffic.sidecar.istio.io/excludeInboundPorts': (v) => portListError('excludeInboundPorts', v),
  'traffic.sidecar.istio.io/excludeOutboundPorts': (v) => portListError('excludeOutboundPorts', v),
  'prometheus.istio.io/merge-metrics': goBoolError,
  'proxy.istio.io/config': proxyConfigError,
};

export interface AnnotationError {
  annotation: string;
  value: string;
  message: string;
}

/** Validators only some releases run (src/engine/releases, releases.md §6.2). */
const BY_RELEASE: Record<keyof ReleaseBehaviour['validation'], Record<string, Validator>> = {
  enableCoreDump: { 'sidecar.istio.io/enableCoreDump': goBoolError },
  proxyResources: {
    'sidecar.istio.io/proxyCPU': quantityError,
    'sidecar.istio.io/proxyMemory': quantityError,
    'sidecar.istio.io/proxyCPULimit': quantityError,
    'sidecar.istio.io/proxyMemoryLimit': quantityError,
  },
  interfaceNames: {
    'traffic.sidecar.istio.io/excludeInterfaces': (v) => interfaceListError('excludeInterfaces', v),
    'traffic.sidecar.istio.io/kubevirtInterfaces': (v) => interfaceListError('kubevirtInterfaces', v),
    'istio.io/reroute-virtual-interfaces': (v) => interfaceListError('rerouteVirtualInterfaces', v),
  },
};

export function validateAnnotations(annotations: Record<string, string> | undefined, release: ReleaseBehaviour['validation'] = MASTER_BEHAVIOUR.validation): AnnotationError[] {
  const errors: AnnotationError[] = [];
  const extra: Record<string, Validator> = {};
  for (const [switchName, validators] of Object.entries(BY_RELEASE)) {
    if (release[switchName as keyof typeof release]) Object.assign(extra, validators);
  }
  for (const [name, value] of Object.entries(annotations ?? {})) {
    const validate = Object.hasOwn(ANNOTATION_VALIDATORS, name) ? ANNOTATION_VALIDATORS[name] : Object.hasOwn(extra, name) ? extra[name] : undefined;
    const reason = validate?.(String(value));
    if (reason) errors.push({ annotation: name, value, message: `invalid value '${value}' for annotation '${name}': ${reason}` });
  }
  return errors;
}

/** hashicorp/go-multierror's text, which istiod returns as the rejection message. */
export function multiErrorText(messages: string[]): string {
  if (messages.length === 1) return `1 error occurred:\n\t* ${messages[0]}\n\n`;
  return `${messages.length} errors occurred:\n${messages.map((m) => `\t* ${m}`).join('\n')}\n\n`;
}

function portError(text: string): string | undefined {
  const { error } = parseGoUint(text.trim(), 16);
  return error ? `failed parsing port ${goQuote(text)}: ${error}` : undefined;
}

function portListError(parameter: string, ports: string): string | undefined {
  const trimmed = ports.trim();
  if (!trimmed) return undefined;
  for (const p of trimmed.split(',')) {
    const e = portError(p);
    if (e) return `${parameter} invalid: failed parsing port ${goQuote(p)}: ${e}`;
  }
  return undefined;
}

function cidrListError(list: string): string | undefined {
  if (!list) return undefined;
  for (const cidr of list.split(',')) {
    const e = prefixError(cidr);
    if (e) return `failed parsing cidr '${cidr}': ${e}`;
  }
  return undefined;
}

/** netip.ParsePrefix's error for one CIDR of a list, or undefined when it parses. */
function prefixError(cidr: string): string | undefined {
  const r = parsePrefix(cidr);
  return r.ok ? undefined : r.error;
}

const INTERFACE_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]*$/;

function interfaceListError(parameter: string, list: string): string | undefined {
  if (!list) return undefined;
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (!name || name.length > 15 || !INTERFACE_NAME.test(name)) return `${parameter} invalid: invalid interface name ${goQuote(raw)}`;
  }
  return undefined;
}

function proxyConfigError(text: string): string | undefined {
  const parsed = parseAnnotationYaml(text);
  if (parsed.error) return `failed to convert to apply proxy config: ${parsed.error}`;
  const { config, problems } = normalizeProxyConfig(parsed.value);
  if (problems.length) return `failed to convert to apply proxy config: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`;
  // istiod validates the annotation applied over the built-in defaults (not the mesh's).
  const invalid = validateProxyConfig(mergeProxyConfig(defaultProxyConfig(), config));
  return invalid.length ? multiErrorText(invalid).trimEnd() : undefined;
}

/** Kubernetes resource.Quantity syntax: a signed decimal number with an optional suffix or exponent. */
const QUANTITY = /^[+-]?(\d+\.?\d*|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

function quantityError(value: string): string | undefined {
  if (/[\x00-\x1f\x7f]/.test(value)) return 'value contains control characters';
  return QUANTITY.test(value) ? undefined : 'quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'';
}

