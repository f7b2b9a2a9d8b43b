import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generateDump, synthesizeDump } from '../../engine/audit/index.ts';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-audit-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const run = (args: string[]) => runCli(['audit', ...args]);

// A dump whose pods all match what admission would do now: take the generator's pods without drift.
const { list, pods } = synthesizeDump({ pods: 60, seed: 8 });
const steady = { ...list, items: list.items.filter((o: any) => o.kind !== 'Pod' || pods.find((p) => p.name === o.metadata.name)!.drift.length === 0) };

describe('meshsim audit', () => {
  it('prints a table and totals, and exits 1 when pods drift', async () => {
    const r = await run(['-f', file('dump.yaml', generateDump({ pods: 60, seed: 8 }))]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toMatch(/^POD +NAMESPACE +WEBHOOKS CALLED +VERDICT +DECIDING RULE +DRIFT$/);
    const drifting = pods.filter((p) => p.drift.length).length;
    expect(r.out).toContain(`60 pods: ${pods.filter((p) => p.verdict === 'injected').length} injected`);
    expect(r.out).toContain(`drift: ${drifting} pods`);
    const missing = pods.find((p) => p.drift.includes('missing-sidecar'))!;
    expect(r.out.split('\n').find((l) => l.startsWith(missing.name))).toMatch(/needs restart$/);
  });

  it('exits 0 when no pod drifts', async () => {
    const r = await run(['-f', file('steady.yaml', stringify(steady, { aliasDuplicateObjects: false }))]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('drift: 0 pods');
  });

  it('prints JSON rows and totals with --json', async () => {
    const r = await run(['-f', file('dump.json', JSON.stringify(list)), '--json']);
    const parsed = JSON.parse(r.out);
    expect(parsed.rows).toHaveLength(60);
    expect(parsed.summary.pods).toBe(60);
    expect(r.code).toBe(1);
  });

  it.each([
    ['a missing file', [join(dir, 'nope.yaml')]],
    ['broken YAML', ['-f', file('broken.yaml', 'kind: List\nitems:\n- kind: Pod\n  metadata: {name: [\n')]],
    ['a file without pods', ['-f', file('empty.yaml', 'kind: List\nitems: []\n')]],
    ['no file at all', []],
  ])('exits 2 on %s', async (_, args) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).not.toBe('');
  });
});
