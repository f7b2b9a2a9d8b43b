import fc from 'fast-check';

/** Any small YAML-able value: what a user types in the wrong place. */
export const wildValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('', '0', '-1', '1e309', 'NaN', '~', 'null', 'true', 'yes', '0x1F', '0o17', '::', '*', '\u0000', '𝔘nicode', '${X}', '{{ . }}'),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** Sometimes the expected value, sometimes anything at all. */
export function maybe<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wildValue });
}

const port = fc.oneof(fc.integer({ min: 0, max: 70000 }).map(String), fc.constantFrom('*', '-1', '65536', '080', '1-2', ' 80', 'http', ''));
const octet = fc.integer({ min: 0, max: 300 });
const cidr = fc.oneof(
  fc.tuple(octet, octet, octet, octet, fc.integer({ min: -1, max: 40 })).map(([a, b, c, d, n]) => `${a}.${b}.${c}.${d}/${n}`),
  fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 140 })).map(([a, n]) => `${a.toString(16)}::/${n}`),
  fc.constantFrom('*', '0.0.0.0/0', '::/0', '10.0.0.1', 'fe80::1%eth0/64', '1.2.3.4/', '/8', '::ffff:1.2.3.4/120', ''),
);

/** A comma list of `item`, sometimes enormous (the engine must cap or stream it, never hang). */
export function commaList(item: fc.Arbitrary<string>, hugeCount = 2000): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 30, arbitrary: fc.array(item, { maxLength: 8 }).map((xs) => xs.join(',')) },
    { weight: 1, arbitrary: fc.tuple(item, fc.integer({ min: 200, max: hugeCount })).map(([x, n]) => Array.from({ length: n }, (_, i) => (i % 7 === 0 ? x : String(i % 65536))).join(',')) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: hugeCount }).map((n) => Array.from({ length: n }, (_, i) => `10.${(i >> 8) & 255}.${i & 255}.0/24`).join(',')) },
  );
}

export const portList = commaList(port);
export const cidrList = commaList(cidr);
export const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }));
