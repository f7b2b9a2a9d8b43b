import { describe, expect, it } from 'vitest';
import { decodeHash, encodeHash } from './urlState.ts';

describe('permalink hash', () => {
  it('round-trips a scenario', () => {
    const s = { texts: { workloads: 'kind: Pod\nmetadata: {name: x}\n' }, traffic: { family: 'ipv6' as const, preset: 'dns-query' }, cluster: { cni: true }, panel: 'traffic' as const, workload: 1 };
    expect(decodeHash(encodeHash(s))).toEqual(s);
  });

  it('ignores hashes that are not ours or are damaged', () => {
    expect(decodeHash('')).toBeUndefined();
    expect(decodeHash('#section-2')).toBeUndefined();
    expect(decodeHash('#s=%%%not-lz')).toBeUndefined();
  });

  it('drops fields of the wrong type instead of trusting them', () => {
    const hash = encodeHash({ texts: { workloads: 7 as unknown as string, mesh: 'ok' }, panel: 'not a panel id!' as any, workload: -1 });
    expect(decodeHash(hash)).toEqual({ texts: { mesh: 'ok' } });
  });
});
