import { describe, expect, it } from 'vitest';
import { keyBefore } from './keyBefore.ts';

describe('keyBefore', () => {
  const at = (line: string, value: string) => {
    const k = keyBefore(line, line.indexOf(value) + 1);
    return k && line.slice(k.start - 1, k.end - 1);
  };
  it('finds the key of a block mapping value, plain or quoted', () => {
    expect(at('    istio-injection: enabled', 'enabled')).toBe('istio-injection');
    expect(at('    "sidecar.istio.io/inject": "false"', '"false"')).toBe('"sidecar.istio.io/inject"');
  });
  it('finds the key inside a flow map', () => {
    expect(at('metadata: {name: shop, labels: {istio.io/rev: canary}}', 'canary')).toBe('istio.io/rev');
  });
  it('has no key for a sequence item', () => {
    expect(keyBefore('  - enabled', 5)).toBeUndefined();
  });
});
