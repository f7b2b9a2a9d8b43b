import { goBoolError, goQuote, parseGoUint, parsePrefix } from '../go/index.ts';

/**
 * How istiod and the istio-cni plugin check the values of Istio's pod annotations, each in the
 * words of the program that checks it (the two word the same mistake differently). A check returns
 * the problem, or undefined when the value is accepted. The registry (istioAnnotations.ts) says
 * which annotation each program checks with which.
 */
export type AnnotationCheck = (value: string) => string | undefined;

// ---- istiod's injection webhook (inject.validateAnnotations) ----

function istiodPortError(text: string): string | undefined {
  const { error } = parseGoUint(text.trim(), 16);
  return error ? `failed parsing port ${goQuote(text)}: ${error}` : undefined;
}

function istiodPortList(parameter: string): AnnotationCheck {
  return (ports) => {
    const trimmed = ports.trim();
    if (!trimmed) return undefined;
    for (const p of trimmed.split(',')) {
      const e = istiodPortError(p);
      if (e) return `${parameter} invalid: failed parsing port ${goQuote(p)}: ${e}`;
    }
    return undefined;
  };
}

function istiodCidrListError(list: string): string | undefined {
  if (!list) return undefined;
  for (const cidr of list.split(',')) {
    const r = parsePrefix(cidr);
    if (!r.ok) return `failed parsing cidr '${cidr}': ${r.error}`;
  }
  return undefined;
}

const INTERFACE_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]*$/;

function istiodInterfaceList(parameter: string): AnnotationCheck {
  return (list) => {
    if (!list) return undefined;
    for (const raw of list.split(',')) {
      const name = raw.trim();
      if (!name || name.length > 15 || !INTERFACE_NAME.test(name)) return `${parameter} invalid: invalid interface name ${goQuote(raw)}`;
    }
    return undefined;
  };
}

/** Kubernetes resource.Quantity syntax: a signed decimal number with an optional suffix or exponent. */
const QUANTITY = /^[+-]?(\d+\.?\d*|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

const istiodQuantity: AnnotationCheck = (value) => {
  if (/[\x00-\x1f\x7f]/.test(value)) return 'value contains control characters';
  return QUANTITY.test(value) ? undefined : "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
};

export const ISTIOD_CHECKS = {
  interceptionMode: ((v) => (['REDIRECT', 'TPROXY', 'NONE'].includes(v) ? undefined : `interceptionMode invalid, use REDIRECT,TPROXY,NONE: ${v}`)) as AnnotationCheck,
  statusPort: ((v) => {
    const e = istiodPortError(v);
    // istiod really names the wrong parameter here.
    return e ? `excludeInboundPorts invalid: ${e}` : undefined;
  }) as AnnotationCheck,
  uint32: ((v) => parseGoUint(v, 32).error) as AnnotationCheck,
  includeIPRanges: ((v) => {
    if (v === '*') return undefined;
    const e = istiodCidrListError(v);
    return e ? `includeIPRanges invalid: ${e}` : undefined;
  }) as AnnotationCheck,
  excludeIPRanges: ((v) => {
    const e = istiodCidrListError(v);
    return e ? `excludeIPRanges invalid: ${e}` : undefined;
  }) as AnnotationCheck,
  includeInboundPorts: ((v) => (v === '*' ? undefined : istiodPortList('includeInboundPorts')(v))) as AnnotationCheck,
  excludeInboundPorts: istiodPortList('excludeInboundPorts'),
  excludeOutboundPorts: istiodPortList('excludeOutboundPorts'),
  bool: goBoolError as AnnotationCheck,
  quantity: istiodQuantity,
  excludeInterfaces: istiodInterfaceList('excludeInterfaces'),
  kubevirtInterfaces: istiodInterfaceList('kubevirtInterfaces'),
  rerouteVirtualInterfaces: istiodInterfaceList('rerouteVirtualInterfaces'),
} satisfies Record<string, AnnotationCheck>;

// ---- the istio-cni plugin (cni/pkg/plugin's annotation validators) ----

const cniPortList: AnnotationCheck = (v) => {
  const s = v.trim();
  if (s === '') return undefined;
  for (const p of s.split(',')) {
    const t = p.trim();
    if (!/^[0-9]+$/.test(t) || Number(t) > 65535) return `portList ${JSON.stringify(v)} invalid: failed parsing port ${JSON.stringify(p)}`;
  }
  return undefined;
};

const cniCidrList: AnnotationCheck = (v) => {
  if (v === '') return undefined;
  for (const c of v.split(',')) {
    const p = parsePrefix(c);
    if (!p.ok) return `failed parsing cidr '${c}': ${p.error}`;
  }
  return undefined;
};

export const CNI_CHECKS = {
  portList: ((v) => (v === '*' ? undefined : cniPortList(v))) as AnnotationCheck,
  cidrList: cniCidrList,
  cidrListOrAll: ((v) => {
    if (v === '*') return undefined;
    const problem = cniCidrList(v);
    return problem && `IPRanges invalid: ${problem}`;
  }) as AnnotationCheck,
  interceptionMode: ((v) => (v === 'REDIRECT' || v === 'TPROXY' ? undefined : `interceptionMode invalid: ${v}`)) as AnnotationCheck,
  interfaces: ((v) => {
    if (v === '') return undefined;
    for (const raw of v.split(',')) {
      const name = raw.trim();
      if (name === '') return 'empty interface name';
      if (name.length > 15) return `interface name ${JSON.stringify(name)} too long (max 15 chars)`;
      if (!/^[a-zA-Z0-9_][a-zA-Z0-9_.-]*$/.test(name)) return `interface name ${JSON.stringify(name)} contains invalid characters`;
    }
    return undefined;
  }) as AnnotationCheck,
} satisfies Record<string, AnnotationCheck>;
