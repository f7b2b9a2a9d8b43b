import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { captureRulesForArgs } from '../engine/iptables/index.ts';
import { tracePacket } from '../engine/packettrace/index.ts';
import { packet } from './arbitraries/packets.ts';
import { createProbe } from './support/probe.ts';
import { runs } from './support/defaultScenario.ts';
import { crashDiagnostics, isPlainData } from './support/structured.ts';

// Packets with odd fields traced through real istio-iptables payloads, and through payloads that
// are broken, looping or enormous.
const probe = createProbe('tracePacket', 10_000);
afterAll(() => probe.write());

const configs = [[], ['-m', 'TPROXY'], ['-b', '*', '-d', '15090', '--redirect-dns', '--capture-all-dns'], ['-i', '', '-b', ''], ['-q', '53,80', '-o', '443', '-x', '10.0.0.0/8'], ['-z', '15006', '-p', '15001', '--drop-invalid', '-k', 'net1']];
const real = configs.flatMap((args) => {
  const r = captureRulesForArgs(args, {}, { podIPs: ['192.0.2.10', '2001:db8::10'], resolvConf: ['203.0.113.53'] });
  return [r.payload.v4, r.payload.v6].filter(Boolean);
});

const line = fc.oneof(
  fc.constantFrom('*nat', '*filter', '*mangle', '*raw', '*bogus', 'COMMIT', ':LOOP - [0:0]', ':OUTPUT ACCEPT [0:0]', '-A OUTPUT -j LOOP', '-A LOOP -j LOOP', '-A LOOP -g OUTPUT',
    '-A OUTPUT -p tcp -j REDIRECT --to-ports 15001', '-A PREROUTING -p tcp -j TPROXY --on-port 15006 --tproxy-mark 0x539/0xffffffff', '-A OUTPUT -m owner --uid-owner 1337 -j RETURN',
    '-A OUTPUT -d 127.0.0.1/32 -j RETURN', '-A OUTPUT -m mark --mark 0x539 -j ACCEPT', '-A OUTPUT -p udp --dport 53 -j DNAT --to-destination 127.0.0.1:15053', '-A X -m multiport --dports 1:65535 -j DROP',
    '-A OUTPUT -m conntrack --ctstate INVALID -j DROP', '-A OUTPUT -m socket --transparent -j MARK --set-xmark 0x1/0x1', '-N X', '-X', '-F', '-P OUTPUT DROP', '-I OUTPUT 1 -j RETURN', '-A OUTPUT -j CT --zone 1', '#'),
  fc.string({ maxLength: 30 }),
);
const payload = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...real) },
  { weight: 8, arbitrary: fc.array(line, { maxLength: 20 }).map((ls) => ls.join('\n')) },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...real), fc.array(line, { maxLength: 4 }), fc.nat()).map(([p, extra, at]) => { const ls = p.split('\n'); ls.splice(at % ls.length, 0, ...extra); return ls.join('\n'); }) },
  // A chain of jumps thousands long: the tracer's walk must be budgeted.
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 2000 }).map((n) => ['*nat', ...Array.from({ length: n }, (_, i) => `:C${i} - [0:0]`), '-A OUTPUT -j C0', ...Array.from({ length: n - 1 }, (_, i) => `-A C${i} -j C${i + 1}`), `-A C${n - 1} -j C0`, 'COMMIT'].join('\n')) },
);

describe('tracePacket under fuzzing', () => {
  it('traces any packet through any payload to a structured result', () => {
    fc.assert(
      fc.property(payload, packet, (p, pkt) => {
        const r = probe.time({ payload: p, packet: pkt }, () => tracePacket(p, pkt, { input: 'payload' }));
        expect(typeof r.ok).toBe('boolean');
        expect(typeof r.explanation).toBe('string');
        expect(crashDiagnostics(r.diagnostics)).toEqual([]);
        expect(isPlainData(r)).toBe(true);
      }),
      { numRuns: runs(2500) },
    );
  });
});
