import { describe, expect, it } from 'vitest';
import { answeredQuery } from './answeredQuery.ts';

const query = { proto: 'udp' as const, src: { addr: '192.0.2.10', port: 40000 }, dst: { addr: '10.96.0.10', port: 53 }, uid: 1000, gid: 1000 };

describe('the query a reply answers, when the reply is edited', () => {
  it('follows the reply: sent to another port or address over another protocol, it answers a query from there', () => {
    const r = answeredQuery({ direction: 'outbound', proto: 'tcp', dst: { addr: '192.0.2.11', port: 40001 } }, query);
    expect(r).toEqual({ prelude: { ...query, proto: 'tcp', src: { addr: '192.0.2.11', port: 40001 } } });
  });

  it('is the same query while the reply is unchanged', () => {
    expect(answeredQuery({ direction: 'outbound', proto: 'udp', dst: { addr: '192.0.2.10', port: 40000 } }, query)).toEqual({ prelude: query });
  });

  it('no longer applies to an inbound packet, and says so with the query it was', () => {
    const r = answeredQuery({ direction: 'inbound', proto: 'udp', dst: { addr: '192.0.2.10', port: 40000 } }, query);
    expect(r.prelude).toBeUndefined();
    expect(r.dropped).toMatch(/no longer applies/);
    expect(r.dropped).toContain('UDP 192.0.2.10:40000 → 10.96.0.10:53');
  });

  it('is nothing for a packet that answered nothing', () => {
    expect(answeredQuery({ direction: 'outbound', proto: 'udp', dst: { addr: '192.0.2.10', port: 1 } }, undefined)).toEqual({});
  });
});
