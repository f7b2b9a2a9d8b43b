import { describe, expect, it } from 'vitest';
import { normalizeQuantity } from './quantity.ts';

// Canonical forms apimachinery's resource.Quantity prints.
const CASES: [string, string | undefined][] = [
  ['2000m', '2'], ['3000m', '3'], ['1500m', '1500m'], ['100m', '100m'], ['0.5', '500m'], ['.5', '500m'], ['1.5', '1500m'],
  ['1000', '1k'], ['1000000k', '1G'], ['0.1m', '100u'], ['0.0000000001', '1n'], ['1200m', '1200m'],
  ['1024Mi', '1Gi'], ['128Mi', '128Mi'], ['1536Mi', '1536Mi'], ['1000Mi', '1000Mi'], ['1.5Gi', '1536Mi'], ['0.5Ki', '512'],
  ['1Ki', '1Ki'], ['0', '0'], ['0Mi', '0'], ['-1', '-1'],
  // The exponent format is kept, and so is text apimachinery considers already canonical.
  ['1e3', '1e3'], ['12e6', '12e6'], ['1E6', '1E6'], ['+1', '+1'],
  ['1x', undefined], ['', undefined], ['Mi', '0'], ['1.2.3', undefined],
];

describe('normalizeQuantity', () => {
  it.each(CASES)('%s → %s', (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });
});
