import { describe, expect, it } from 'vitest';
import { defaultProxyConfig, mergeProxyConfig } from './proxyConfig.ts';
import { validateProxyConfig } from './validateProxyConfig.ts';

describe('validateProxyConfig', () => {
  it.each([
    [{}, []],
    [{ discoveryAddress: 'foo:123' }, []],
    [{ discoveryAddress: '[::1]:15012' }, []],
    [{ discoveryAddress: 'foo' }, ['invalid discovery address: unable to split "foo": missing port in address']],
    [{ discoveryAddress: 'foo:0' }, ['invalid discovery address: port number 0 must be in the range 1..65535']],
    [{ statusPort: 70000 }, ['invalid status port: port number 70000 must be in the range 1..65535']],
    [{ configPath: '' }, ['config path must be set']],
    [{ controlPlaneAuthPolicy: 'INHERIT' }, ['invalid authentication policy: unrecognized control plane auth policy "INHERIT"']],
  ])('%j', (overlay, expected) => {
    expect(validateProxyConfig(mergeProxyConfig(defaultProxyConfig(), overlay))).toEqual(expected);
  });
});
