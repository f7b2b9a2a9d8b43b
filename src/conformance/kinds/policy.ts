import { isDeepStrictEqual } from 'node:util';
import { injectRequired } from '../../engine/injectionPolicy/index.ts';
import type { KindChecker } from '../types.ts';

const strings = (m: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((m as Record<string, unknown>) ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]));

/** Runs istiod's injectRequired on the case's pod and config and compares verdict and deciding rule. */
export const checkPolicy: KindChecker = (c) => {
  const { pod, config, ignoredNamespaces, expected } = c.spec;
  const d = injectRequired(
    {
      namespace: String(pod?.metadata?.namespace ?? ''),
      labels: strings(pod?.metadata?.labels),
      annotations: strings(pod?.metadata?.annotations),
      hostNetwork: pod?.spec?.hostNetwork === true,
    },
    { policy: String(config?.policy ?? ''), neverInjectSelector: config?.neverInjectSelector ?? [], alwaysInjectSelector: config?.alwaysInjectSelector ?? [] },
    ignoredNamespaces,
  );
  const got: Record<string, unknown> = { inject: d.inject, rule: d.rule, reason: d.reason };
  if (d.selectorIndex !== undefined) got.selectorIndex = d.selectorIndex;
  if (d.invalidInjectValue !== undefined) got.invalidInjectValue = d.invalidInjectValue;
  if (isDeepStrictEqual(got, expected)) return { pass: true };
  return { pass: false, diff: `  expected ${JSON.stringify(expected)}\n       got ${JSON.stringify(got)}\n  steps: ${d.steps.map((s) => `${s.rule}:${s.outcome}`).join(' → ')}` };
};
