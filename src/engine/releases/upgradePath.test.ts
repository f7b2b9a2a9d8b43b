import { describe, expect, it } from 'vitest';
import { inRange } from './range.ts';
import { RELEASE_ROWS } from './table.ts';
import { upgradePath } from './upgradePath.ts';
import { MASTER, parseRelease } from './version.ts';

const r = (t: string) => parseRelease(t).release!;

describe('upgradePath: what an upgrade meets, release by release', () => {
  it('from 1.24 to master: one step per later minor, each change once, in the release it arrives', () => {
    const steps = upgradePath(r('1.24'));
    expect(steps.map((s) => s.label)).toEqual(['1.25 (latest patch)', '1.26 (latest patch)', '1.27 (latest patch)', '1.28 (latest patch)', '1.29 (latest patch)', '1.30 (latest patch)', 'master']);
    expect(steps[0]!.changes).toContainEqual(expect.stringMatching(/^istio-iptables: OUTPUT jumps for all protocols/));
    expect(steps.find((s) => s.to === '1.28')!.changes).toContainEqual('kube-inject omits a zero creationTimestamp (apimachinery v0.34) (1.28+)');
    // Every row that 1.24 and master answer differently is met exactly once on the way.
    const differ = RELEASE_ROWS.filter((row) => inRange(row, r('1.24')) !== inRange(row, MASTER));
    expect(steps.flatMap((s) => s.changes)).toHaveLength(differ.length);
  });

  it('an exact patch first meets its own minor’s backports', () => {
    const steps = upgradePath(r('1.24.0'), r('1.25'));
    expect(steps[0]).toEqual({ to: '1.24', label: 'later 1.24 patches', changes: ['Multus networks matched by name and namespace (1.23.6+, 1.24.4+, 1.25.1+)'] });
    expect(steps.map((s) => s.to)).toEqual(['1.24', '1.25']);
  });

  it('a patch upgrade within a minor lands on that patch', () => {
    const steps = upgradePath(r('1.27.1'), r('1.27.6'));
    expect(steps.map((s) => s.label)).toEqual(['1.27.6']);
    expect(steps[0]!.changes).toEqual(expect.arrayContaining(['ip6tables optional when IPv6 is off (1.27.2+)', 'proxy resource annotations validated (1.27.6+, 1.28.4+)']));
  });

  it('master and a downgrade meet nothing', () => {
    expect(upgradePath(MASTER)).toEqual([]);
    expect(upgradePath(r('1.28'), r('1.24'))).toEqual([]);
  });
});
