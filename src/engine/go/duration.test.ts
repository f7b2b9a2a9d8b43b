import { describe, expect, it } from 'vitest';
import { formatGoDuration, parseGoDuration, roundGoDuration, SECOND } from './duration.ts';

type Expected = { ns: bigint; string: string; rounded: string } | { error: string };

// Recorded from Go 1.19's time.ParseDuration, Duration.String and Duration.Round(time.Second).
const cases: [string, Expected][] = [
  ["1h2m3.5s", { ns: 3723500000000n, string: "1h2m3.5s", rounded: "1h2m4s" }],
  ["1.5µs", { ns: 1500n, string: "1.5µs", rounded: "0s" }],
  ["0", { ns: 0n, string: "0s", rounded: "0s" }],
  ["", { error: "time: invalid duration \"\"" }],
  ["-1.5h", { ns: -5400000000000n, string: "-1h30m0s", rounded: "-1h30m0s" }],
  ["+3m", { ns: 180000000000n, string: "3m0s", rounded: "3m0s" }],
  ["1.1s", { ns: 1100000000n, string: "1.1s", rounded: "1s" }],
  ["0.1ns", { ns: 0n, string: "0s", rounded: "0s" }],
  ["9223372036854775807ns", { ns: 9223372036854775807n, string: "2562047h47m16.854775807s", rounded: "2562047h47m16.854775807s" }],
  ["9223372036854775808ns", { error: "time: invalid duration \"9223372036854775808ns\"" }],
  ["-9223372036854775808ns", { ns: -9223372036854775808n, string: "-2562047h47m16.854775808s", rounded: "-2562047h47m16.854775808s" }],
  ["2562047h47m16.854775807s", { ns: 9223372036854775807n, string: "2562047h47m16.854775807s", rounded: "2562047h47m16.854775807s" }],
  ["2562048h", { error: "time: invalid duration \"2562048h\"" }],
  [".5s", { ns: 500000000n, string: "500ms", rounded: "1s" }],
  ["5.s", { ns: 5000000000n, string: "5s", rounded: "5s" }],
  [".", { error: "time: invalid duration \".\"" }],
  ["1", { error: "time: missing unit in duration \"1\"" }],
  ["1x", { error: "time: unknown unit \"x\" in duration \"1x\"" }],
  ["1h1", { error: "time: missing unit in duration \"1h1\"" }],
  ["0.333333333333333333333h", { ns: 1200000000000n, string: "20m0s", rounded: "20m0s" }],
  ["1.0000000000000000000000001s", { ns: 1000000000n, string: "1s", rounded: "1s" }],
  ["3.14159265358979323846264338327950288419716939937510s", { ns: 3141592653n, string: "3.141592653s", rounded: "3s" }],
  ["-0.5s", { ns: -500000000n, string: "-500ms", rounded: "-1s" }],
  ["1.5s", { ns: 1500000000n, string: "1.5s", rounded: "2s" }],
  ["2.5s", { ns: 2500000000n, string: "2.5s", rounded: "3s" }],
  ["-2.5s", { ns: -2500000000n, string: "-2.5s", rounded: "-3s" }],
  ["1e3s", { error: "time: unknown unit \"e\" in duration \"1e3s\"" }],
  ["1µs1μs", { ns: 2000n, string: "2µs", rounded: "0s" }],
  ["100000000000000000000ns", { error: "time: invalid duration \"100000000000000000000ns\"" }],
  ["9223372036854775807.9ns", { ns: 9223372036854775807n, string: "2562047h47m16.854775807s", rounded: "2562047h47m16.854775807s" }],
];

describe('Go durations', () => {
  it.each(cases)('%j', (text, expected) => {
    const d = parseGoDuration(text);
    if ('error' in expected) return expect(d).toEqual({ error: expected.error });
    expect(d).toBe(expected.ns);
    expect(formatGoDuration(d as bigint)).toBe(expected.string);
    expect(formatGoDuration(roundGoDuration(d as bigint, SECOND))).toBe(expected.rounded);
  });
});
