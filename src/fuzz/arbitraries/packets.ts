import fc from 'fast-check';
import type { TracePacket } from '../../engine/index.ts';

/** Packets with odd fields: wrong-family or invalid addresses, out-of-range numbers, unknown words. */

const address = fc.oneof(
  fc.constantFrom('192.0.2.10', '203.0.113.5', '127.0.0.1', '127.0.0.6', '0.0.0.0', '255.255.255.255', '2001:db8::10', '::1', '::6', '::', 'fe80::1%eth0', '::ffff:192.0.2.10', '224.0.0.1', 'ff02::1', '169.254.1.1'),
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('', '1.2.3', '1.2.3.4.5', '999.1.1.1', 'localhost', ':::', '1.2.3.4/24', ' 10.0.0.1'),
  fc.string({ maxLength: 8 }),
);
const odd = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: fc.constantFrom<unknown>(-1, 65536, 1.5, Number.NaN, Infinity, 2 ** 53, '80', null) as fc.Arbitrary<any> });
const port = odd(fc.oneof(fc.integer({ min: 0, max: 65535 }), fc.constantFrom(15001, 15006, 15008, 15020, 15021, 15090, 53, 8080)));
const endpoint = fc.record({ addr: address, port });
const id = odd(fc.oneof(fc.constantFrom(0, 1000, 1337, 65534), fc.integer({ min: 0, max: 2 ** 32 })));

export const packet: fc.Arbitrary<TracePacket> = fc.record(
  {
    family: fc.constantFrom('ipv4', 'ipv6', 'ipv5' as never),
    direction: fc.constantFrom('inbound', 'outbound', 'sideways' as never),
    proto: fc.constantFrom('tcp', 'udp', 'icmp' as never, '' as never),
    src: endpoint,
    dst: endpoint,
    iface: fc.oneof(fc.constantFrom('eth0', 'lo', 'net1', '', 'eth0+', 'x'.repeat(300)), fc.string({ maxLength: 16 })),
    state: fc.constantFrom('new', 'established', 'related' as never),
    uid: id,
    gid: id,
    mark: odd(fc.oneof(fc.constantFrom(0, 0x539, 1337), fc.integer({ min: 0, max: 2 ** 32 - 1 }))),
    transparent: fc.boolean(),
    probe: fc.constantFrom('client', 'server', 'both' as never),
    tcpFlags: fc.oneof(fc.constantFrom('S', 'SA', 'A', 'F', 'R', 'FPU', 'SF', ''), fc.string({ maxLength: 6 })),
    forwarding: fc.boolean(),
    prelude: fc.record({ proto: fc.constantFrom('tcp', 'udp'), src: endpoint, dst: endpoint, uid: id, gid: id }, { requiredKeys: ['proto', 'src', 'dst'] }),
    listeners: fc.oneof(fc.array(port, { maxLength: 4 }), fc.integer({ min: 1000, max: 60_000 }).map((n) => Array.from({ length: n }, (_, i) => i))),
  },
  { requiredKeys: ['family', 'direction', 'proto', 'src', 'dst'] },
) as fc.Arbitrary<TracePacket>;
