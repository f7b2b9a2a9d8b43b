import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCli(['trace', ...args]);

describe('meshsim trace', () => {
  writeFileSync(join(dir, 'rules-v4.txt'), '*nat\n-N R\n-A R -p tcp -j REDIRECT --to-ports 15001\n-A OUTPUT -p tcp --dport 80 -j R\nCOMMIT\n');
  writeFileSync(join(dir, 'case.yaml'), [
    'rules: {payload: rules-v4.txt}',
    'packet: {family: ipv4, direction: outbound, proto: tcp, src: {addr: 192.0.2.10, port: 40000}, dst: {addr: 198.51.100.1, port: 80}, uid: 1000, gid: 1000, state: new}',
    'network: {pod: {iface: eth0, addr: 192.0.2.10/24}}',
    'expected: {final: ignored}',
  ].join('\n'));

  it('prints the hits, the outcome and the explanation', async () => {
    const r = await run([join(dir, 'case.yaml')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('nat/OUTPUT#1');
    expect(r.out).toContain('nat/R#1');
    expect(r.out).toContain('line 3 of rules-v4.txt');
    expect(r.out).toContain('final: REDIRECT to 15001');
    expect(r.out).toContain('delivery: local via lo 192.0.2.10:40000 -> 127.0.0.1:15001');
  });

  it('prints plain JSON with --json', async () => {
    const r = await run([join(dir, 'case.yaml'), '--json']);
    const json = JSON.parse(r.out);
    expect(json.hits.map((h: any) => h.at)).toEqual(['nat/OUTPUT#1', 'nat/R#1']);
    expect(json.final).toBe('REDIRECT to 15001');
  });

  it('says when the payload file is missing', async () => {
    writeFileSync(join(dir, 'other.yaml'), 'rules: {payload: nope.txt}\npacket: {family: ipv4}\n');
    const r = await run([join(dir, 'other.yaml')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/nope\.txt does not exist/);
  });
});
