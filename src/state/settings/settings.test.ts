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
