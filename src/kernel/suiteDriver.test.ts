import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byFamily, corpusGroups, seededRuns } from './suiteDriver.ts';

describe("the kernel suites' driver", () => {
  it('runs a plan entry after entry, each seed replayable from its formula', () => {
    const runs = [...seededRuns(100, 60_000, byFamily({ ipv4: 2, ipv6: 1 }))];
    expect(runs.map((r) => `${r.entry.family} ${r.i} ${r.seed}`)).toEqual(['ipv4 0 100', 'ipv4 1 8019', 'ipv6 0 101']);
    // Each run has its own source: the same seed gives the same draws.
    expect(runs[0].rng.next()).toBe([...seededRuns(100, 60_000, byFamily({ ipv4: 1, ipv6: 0 }))][0].rng.next());
  });

  it('stops when the time budget is spent', () => {
    expect([...seededRuns(1, -1, byFamily({ ipv4: 5, ipv6: 5 }))]).toEqual([]);
  });

  const corpus = join(__dirname, '../../../shared/conformance/trace');
  it.skipIf(!existsSync(corpus))('groups corpus cases by rules, each packet on a fresh source port', () => {
    const groups = corpusGroups(corpus, { firstPort: 40000 });
    const packets = groups.flatMap((g) => g.packets);
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.length).toBeLessThan(packets.length);
    expect(new Set(groups.map((g) => `${g.family}\n${g.text}`)).size).toBe(groups.length);
    const ports = packets.filter((p) => !p.prelude).map((p) => p.src.port);
    expect(new Set(ports).size).toBe(ports.length);
    expect(Math.min(...ports)).toBe(40000);
  });
});
