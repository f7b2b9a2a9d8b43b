import { describe, expect, it } from 'vitest';
import { analyzeTraffic } from './trafficSection.ts';

// Found by src/fuzz: `ports: 0` (or a mapping) in a container made the app-port lookup throw,
// which analyzeScenario reported as an internal error in traffic.
describe('analyzeTraffic on pods whose lists are not lists', () => {
  for (const [what, spec] of [
    ['ports is a number', { containers: [{ name: 'app', ports: 0 }] }],
    ['ports is a mapping', { containers: [{ name: 'app', ports: {} }] }],
    ['containers is a mapping', { containers: { name: 'app' } }],
  ] as const) {
    it(`answers without throwing when ${what}`, () => {
      const r = analyzeTraffic({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec });
      expect(r.family).toBe('ipv4');
      expect(Array.isArray(r.presets)).toBe(true);
    });
  }
});
