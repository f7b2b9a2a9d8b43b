import { describe, expect, it } from 'vitest';
import { durationToGoString, durationToProtoJSON, parseDuration } from './duration.ts';

describe('durations', () => {
  it.each([
    ['23s', { seconds: 23, nanos: 0 }, '23s', '23s'],
    ['1.5s', { seconds: 1, nanos: 500_000_000 }, '1.500s', '1.5s'],
    ['1m30s', { seconds: 90, nanos: 0 }, '90s', '1m30s'],
    ['250ms', { seconds: 0, nanos: 250_000_000 }, '0.250s', '250ms'],
    ['1h', { seconds: 3600, nanos: 0 }, '3600s', '1h0m0s'],
  ])('%s', (text, parsed, protoJSON, goText) => {
    const d = parseDuration(text);
    expect(d).toEqual(parsed);
    expect(durationToProtoJSON(d!)).toBe(protoJSON);
    expect(durationToGoString(d!)).toBe(goText);
  });

  it.each(['', 'abc', '10', '5x'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});
