import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './captured.ts';

const root = mkdtempSync(join(tmpdir(), 'meshsim-conformance-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, '1.0', 'selector'), { recursive: true });
mkdirSync(join(root, '2.0', 'selector'), { recursive: true });
writeFileSync(join(root, 'README.md'), '# the releases\n');

describe('meshsim conformance DIR...', () => {
  it('skips a file a shell glob brought along, with a note, and runs the folders', async () => {
    const r = await runCli(['conformance', join(root, '1.0'), join(root, '2.0'), join(root, 'README.md')]);
    expect(r.err).toMatch(/README\.md is a file, not a corpus folder; skipped/);
    // No case in either folder: nothing ran, which is a failure, never a pass.
    expect(r.out).toMatch(/conformance: 0 passed, 0 failed/);
    expect(r.code).toBe(1);
  });

  it('refuses a folder that does not exist (exit 2)', async () => {
    const r = await runCli(['conformance', join(root, 'nope')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no such corpus folder/);
  });
});
