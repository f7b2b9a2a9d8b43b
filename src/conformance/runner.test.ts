import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from './runner.ts';

const root = mkdtempSync(join(tmpdir(), 'meshsim-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('the runner contract', () => {
  it('counts the cases of a kind folder it does not know as failed, never as skipped', async () => {
    write('frobnicate/one/case.yaml', 'name: one\nkind: frobnicate\n');
    write('profiles/default/profile.yaml', 'not: a case\n');
    const r = await runConformance([root]);
    expect(r.byKind.frobnicate).toEqual({ passed: 0, failed: 1 });
    expect(r.byKind.profiles).toBeUndefined();
    expect(r.results.find((x) => x.kind === 'frobnicate')?.diff).toMatch(/not supported/);
  });

  it('fails a trace case whose rules the engine cannot read, even when the expected answer is "no rule matched"', async () => {
    const packet = 'packet: {family: ipv4, direction: outbound, proto: tcp, src: {addr: 192.0.2.10, port: 40000}, dst: {addr: 198.51.100.1, port: 80}, uid: 1000, gid: 1000}\n';
    write('trace/unreadable/case.yaml', `name: unreadable\nkind: trace\nrules: {payload: rules-v4.txt}\n${packet}expected: {hits: [], final: RETURN to the original destination}\n`);
    write('trace/unreadable/rules-v4.txt', '*nat\n-A OUTPUT -m frobnicate --wibble -j RETURN\nCOMMIT\n');
    write('trace/readable/case.yaml', `name: readable\nkind: trace\nrules: {payload: rules-v4.txt}\n${packet}expected: {hits: [], final: RETURN to the original destination}\n`);
    write('trace/readable/rules-v4.txt', '*nat\n-A OUTPUT -p udp -j RETURN\nCOMMIT\n');
    const r = await runConformance([root], ['trace']);
    expect(r.results.map((x) => [x.name, x.pass])).toEqual([['readable', true], ['unreadable', false]]);
    expect(r.results[1].diff).toMatch(/frobnicate/);
  });
});

describe('several corpus roots (every release folder at once)', () => {
  const releases = mkdtempSync(join(tmpdir(), 'meshsim-releases-'));
  afterAll(() => rmSync(releases, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(join(releases, path, '..'), { recursive: true });
    writeFileSync(join(releases, path), text);
  };

  it('counts each root apart, and a case looks in its own root first', async () => {
    put('1.0/frobnicate/one/case.yaml', 'name: one\nkind: frobnicate\n');
    put('2.0/frobnicate/one/case.yaml', 'name: one\nkind: frobnicate\n');
    put('2.0/frobnicate/two/case.yaml', 'name: two\nkind: frobnicate\n');
    const r = await runConformance([join(releases, '1.0'), join(releases, '2.0')]);
    expect(r.byRoot[join(releases, '1.0')]).toEqual({ frobnicate: { passed: 0, failed: 1 } });
    expect(r.byRoot[join(releases, '2.0')]).toEqual({ frobnicate: { passed: 0, failed: 2 } });
    expect(r.byKind.frobnicate).toEqual({ passed: 0, failed: 3 });
    expect(r.results.map((x) => x.root)).toEqual([join(releases, '1.0'), join(releases, '2.0'), join(releases, '2.0')]);
  });
});
