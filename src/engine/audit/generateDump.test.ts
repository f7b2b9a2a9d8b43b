import { describe, expect, it } from 'vitest';
import { generateDump, synthesizeDump } from './generateDump.ts';
import { splitListItems } from './dumpItems.ts';
import { readBlockYaml } from './blockYaml.ts';

describe('generateDump', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDump({ pods: 40, seed: 5 })).toBe(generateDump({ pods: 40, seed: 5 }));
    expect(generateDump({ pods: 40, seed: 5 })).not.toBe(generateDump({ pods: 40, seed: 6 }));
  });

  it('lays the List out as kubectl does, so every item takes the fast reader', () => {
    const text = generateDump({ pods: 60, seed: 2 });
    expect(text.startsWith('apiVersion: v1\nitems:\n- apiVersion: v1\n')).toBe(true);
    const split = splitListItems(text)!;
    expect(split.items.filter((i) => i.kind === 'Pod')).toHaveLength(60);
    expect(split.items.every((i) => readBlockYaml(text.slice(i.start, i.end)) !== undefined)).toBe(true);
  });

  it('mixes namespaces and pod states, and plants rendered-rejected pods, image drift and a hand-edited pod', () => {
    const { pods } = synthesizeDump({ pods: 500, seed: 9 });
    const kinds = new Set(pods.map((p) => `${p.verdict}:${p.drift.join(',')}`));
    expect(kinds).toEqual(
      new Set([
        'injected:',
        'not-injected:',
        'injected:missing-sidecar',
        'injected:old-revision,sidecar-changes',
        'not-injected:unwanted-sidecar',
        'injected:sidecar-changes',
        'rejected:would-be-rejected',
      ]),
    );
    expect(new Set(pods.map((p) => p.planted).filter(Boolean))).toEqual(new Set(['image-drift', 'rendered-rejected', 'hand-edited']));
  });

  it('spreads the pods over the workloads asked for, or gives each pod its own template', () => {
    const owners = (text: string) => new Set([...text.matchAll(/kind: ReplicaSet\n\s+name: (\S+)/g)].map((m) => m[1]));
    expect(owners(generateDump({ pods: 330, workloads: 10, seed: 4 })).size).toBe(11); // and kube-system's
    expect(owners(generateDump({ pods: 60, unique: true, seed: 4 })).size).toBe(55);
  });
});
