import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { galleryOnDisk } from '../examples/galleryOnDisk.ts';
import { markdownReport, text } from './markdownReport.ts';

const catalog = galleryOnDisk();
const report = (id: string) => {
  const e = catalog.find((x) => x.id === id)!;
  return markdownReport(e.texts, analyzeScenario({ texts: e.texts, cluster: e.cluster, traffic: e.traffic }));
};

describe("the Markdown report's data plane", () => {
  it('an ambient namespace: the verdict, the deciding check, the in-pod rules and a packet to ztunnel', () => {
    const md = report('ambient-namespace');
    expect(md).toContain(`### Data plane: ${text('In the mesh: ambient')}`);
    expect(md).toMatch(/istio-cni's deciding check: \*\*/);
    expect(md).toContain("<summary>istio-cni's checks, in order</summary>");
    expect(md).toContain(`### Traffic capture (${text("ambient: istio-cni's node agent, in-pod rules")}, ipv4)`);
    expect(md).toContain('`ip rule add fwmark 0x111/0xfff pref 32764 lookup 100`');
    expect(md).toContain('REDIRECT --to-ports 15001');
    expect(md).toContain(`→ **${text('REDIRECT to 15001')}**`);
  });

  it('the nftables node: the nft script', () => {
    const md = report('ambient-nftables');
    expect(md).toContain('<summary>nft script</summary>');
    expect(md).toContain('add table inet istio-ambient-nat');
  });

  it('a namespace labelled for both: the sidecar wins, the conflict note and a verified fix', () => {
    const md = report('ambient-both-labels');
    expect(md).toMatch(/### Data plane: .*sidecar/);
    expect(md).toMatch(/> ⚠ /);
    expect(md).toMatch(/Verified fixes:\n- /);
  });

  it('a Pod the API server refuses is never created: no istio-cni checks for it', () => {
    const texts = {
      webhooks: '',
      injector: '',
      mesh: '',
      namespaces: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio.io/dataplane-mode: ambient}\n',
      workloads: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: shop\n  labels: {app: "not a valid value!"}\nspec:\n  containers: [{name: web, image: example/web:1}]\n',
    };
    const md = markdownReport(texts, analyzeScenario({ texts }));
    expect(md).toContain(text('Neither data plane applies to a pod that is never created'));
    expect(md).not.toContain("istio-cni's deciding check");
    expect(md).not.toContain("<summary>istio-cni's checks, in order</summary>");
  });

  it('the stale opt-out annotation is called out', () => {
    expect(report('ambient-stale-redirection')).toContain(`> ⚠ ${text('ambient.istio.io/redirection: disabled is stale advice')}`);
  });

  it('the default sidecar scenario says so, and keeps its istio-init capture', () => {
    const md = report('default');
    expect(md).toMatch(/### Data plane: .*sidecar/);
    expect(md).toContain(`### Traffic capture (${text('istio-init')}, ipv4)`);
  });
});
