import { describe, expect, it } from 'vitest';
import { validSavedScenario } from '../savedScenario.ts';
import { CLUSTER_SETTINGS, validSettingValue, type ClusterSetting } from './index.ts';

describe('cluster settings', () => {
  it('have unique keys and flags', () => {
    expect(new Set(CLUSTER_SETTINGS.map((s) => s.key)).size).toBe(CLUSTER_SETTINGS.length);
    expect(new Set(CLUSTER_SETTINGS.map((s) => s.flag)).size).toBe(CLUSTER_SETTINGS.length);
  });

  it('a saved scenario keeps the values a setting can take and drops the rest', () => {
    expect(validSavedScenario({ cluster: { cni: true, nativeSidecars: 'yes', unknown: 1 } })?.cluster).toEqual({ cni: true });
  });

  it('a choice accepts only its own values', () => {
    const release: ClusterSetting = { key: 'cni', label: 'x', hint: 'x', control: { kind: 'choice', choices: [{ value: 'a', label: 'A' }] }, default: 'a', flag: '--x' };
    expect(validSettingValue(release, 'a')).toBe(true);
    expect(validSettingValue(release, 'b')).toBe(false);
    expect(validSettingValue(release, true)).toBe(false);
  });
});

describe('the Istio release setting', () => {
  it('offers every release the engine simulates', async () => {
    const { knownReleaseNames } = await import('../../engine/releases/index.ts');
    const { RELEASE_CHOICES } = await import('./istioRelease.ts');
    expect([...RELEASE_CHOICES]).toEqual(knownReleaseNames());
  });

  it('keeps an exact patch from a scenario file, and nothing that is not a release', async () => {
    const { istioRelease } = await import('./istioRelease.ts');
    expect(validSettingValue(istioRelease, '1.24.3')).toBe(true);
    expect(validSettingValue(istioRelease, '1.24')).toBe(true);
    expect(validSettingValue(istioRelease, 'banana')).toBe(false);
  });
});
