import { describe, expect, it } from 'vitest';
import { previewUpgrade } from './preview.ts';
import { shopTexts, unlabelShop } from './shopCluster.fixture.ts';

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
