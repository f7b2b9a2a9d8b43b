import { describe, expect, it } from 'vitest';
import { previewUpgrade } from './preview.ts';
import { shopTexts, unlabelShop } from './shopCluster.fixture.ts';
import { galleryOnDisk } from '../../examples/galleryOnDisk.ts';
import { analyzeScenario } from '../scenario/analyzeScenario.ts';

// The upgrade preview on a small cluster written by hand (shopCluster.fixture.ts): one namespace on
// the default revision's classic label, one pod; the steps relabel it. The release setting reaches
// every state's render.
describe('previewUpgrade', () => {
  it('says after each step which revision injects a new pod, and which workloads a restart moves', () => {
    const p = previewUpgrade({ texts: shopTexts, steps: unlabelShop });
    expect(p.diagnostics).toEqual([]);
    expect(p.states.map((st) => st.namespaces[0])).toMatchObject([
      { namespace: 'shop', revision: 'default', webhooks: ['istio-sidecar-injector/namespace.sidecar-injector.istio.io'], decidedBy: 'namespace label istio-injection=enabled, → revision default' },
      { namespace: 'shop', revision: '', webhooks: [] },
    ]);
    expect(p.states[1].pods).toMatchObject([{ workload: 'Pod/web', from: 'default', to: '', moves: true }]);
    expect(p.selected).toMatchObject({ workload: 'shop/Pod/web', today: { verdict: 'injected', revision: 'default' }, target: { verdict: 'not-injected' } });
    expect(p.selected!.today.rules).toContain('-A ISTIO_OUTPUT');
    expect(p.selected!.target.rules).toBe('');
    expect(p.selected!.podDiff).toContain('-    istio.io/rev: default');
  });

  it('renders every state as the release the header sets, or as the install shows without one', () => {
    const auto = previewUpgrade({ texts: shopTexts, steps: unlabelShop });
    const set = previewUpgrade({ texts: shopTexts, steps: unlabelShop, istioRelease: '1.24' });
    expect(auto.selected!.today.release).toBe('master');
    expect(set.selected!.today.release).toMatch(/^1\.24/);
    // The release changes what istiod writes: the two today's pods differ.
    expect(set.selected!.today.podYaml).not.toBe(auto.selected!.today.podYaml);
  });
});

describe('the states of a preview share their reads', () => {
  // The gallery's upgrade, and the same steps over other examples' clusters (a tag, ambient, an
  // nftables install, a custom template), as pasted and as Istio 1.24, each previewed with the
  // states sharing what they read and with each state reading alone: the same preview, value for value.
  const gallery = galleryOnDisk();
  const canary = gallery.find((e) => e.id === 'canary-upgrade')!;
  const cases = gallery.filter((e) => e.upgrade || ['revision-tag', 'ambient-namespace', 'nftables-install', 'custom-template'].includes(e.id));
  it.each(cases.map((e) => [e.id, e] as const))('%s', (_id, e) => {
    const steps = e.upgrade ?? canary.upgrade!;
    for (const [selectedWorkload, istioRelease] of [[0, undefined], [1, '1.24']] as const) {
      const input = { texts: e.texts, steps, selectedWorkload, nativeSidecars: e.cluster?.nativeSidecars, ...(istioRelease ? { istioRelease } : {}) };
      const shared = previewUpgrade(input);
      expect(shared.states).toHaveLength(steps.length + 1);
      expect(shared).toEqual(previewUpgrade(input, 'none'));
    }
  });
});

describe('ambient workloads in the preview', () => {
  // The oracle is the scenario's own Traffic section for the same workload: the preview's capture
  // of today's state must count the in-pod rules it draws.
  const gallery = galleryOnDisk();
  const rulesOf = (r: ReturnType<typeof analyzeScenario>) => r.traffic!.ruleset.tables.reduce((n, t) => n + t.chains.reduce((m, c) => m + c.rules.length, 0), 0);
  const leave = [{ kind: 'label' as const, namespace: 'bookinfo', labels: { 'istio.io/dataplane-mode': null } }];

  it.each([
    ['ambient-namespace', 'iptables'],
    ['ambient-nftables', 'nftables'],
  ])("%s: today the workload is in ambient (no move), with the Ambient tab's in-pod %s rules; unlabelled, a restart leaves", (id, backend) => {
    const ex = gallery.find((e) => e.id === id)!;
    const r = analyzeScenario({ texts: ex.texts, ...(ex.cluster ? { cluster: ex.cluster } : {}), upgrade: { steps: leave } });
    expect(r.ambient?.workload?.dataPlane.mode).toBe('ambient');
    const up = r.upgrade!;
    expect(up.selected!.today.capture).toMatch(new RegExp(`^ambient: ${rulesOf(r)} in-pod ${backend} rules installed by istio-cni's node agent\\. `));
    expect(up.states[0].pods.map((p) => p.change)).toEqual(['']);
    expect(up.states[1].pods.map((p) => p.change)).toEqual(['would leave the ambient mesh']);
    expect(up.selected!.target.capture).toMatch(/^not captured: no sidecar, and No enablement selector matches/);
  });
});
