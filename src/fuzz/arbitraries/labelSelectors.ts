import fc from 'fast-check';
import { maybe, wildValue } from './hostileValues.ts';

const labelKey = fc.oneof(
  fc.constantFrom('istio-injection', 'istio.io/rev', 'sidecar.istio.io/inject', 'app', 'kubernetes.io/metadata.name'),
  fc.string({ maxLength: 10 }),
  fc.constantFrom('a/b/c', '/x', 'x/', '-a', 'a_', 'x'.repeat(64), `${'d.'.repeat(130)}x/y`, '', ' '),
);
const labelValue = fc.oneof(fc.constantFrom('enabled', 'disabled', 'default', 'true', 'false', 'canary', ''), fc.string({ maxLength: 10 }), fc.constant('v'.repeat(70)));
const operator = fc.oneof(fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'in', '', 'Equals'), fc.string({ maxLength: 5 }));

/** Label selectors with bad keys, unknown operators, missing or excessive values, huge lists. */
export const hostileSelector: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  fc.record(
    {
      matchLabels: maybe(fc.dictionary(labelKey, maybe(labelValue), { maxKeys: 4 })),
      matchExpressions: maybe(
        fc.array(
          fc.record({ key: maybe(labelKey), operator: maybe(operator), values: maybe(fc.oneof(fc.array(maybe(labelValue), { maxLength: 4 }), fc.integer({ min: 100, max: 2000 }).map((n) => Array.from({ length: n }, (_, i) => `v${i}`)))) }, { requiredKeys: [] }),
          { maxLength: 4 },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.integer({ min: 100, max: 1000 }).map((n) => ({ matchExpressions: Array.from({ length: n }, (_, i) => ({ key: `k${i}`, operator: 'NotIn', values: ['x'] })) })),
  wildValue,
);

/** Labels as a namespace or pod carries them, sometimes with hostile keys and values. */
export const hostileLabels = maybe(fc.dictionary(labelKey, maybe(labelValue), { maxKeys: 5 }));
