import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * meshsim as a package: `npm pack` gives a tarball that installs globally into an empty prefix
 * and runs from a folder outside the repository, with the built-in install, no ../shared and no
 * dependencies, on Node alone.
 */

test('the packed tarball installs into a fresh prefix and meshsim check runs from anywhere', () => {
  test.setTimeout(240_000);
  const repo = resolve('.');
  const work = mkdtempSync(join(tmpdir(), 'meshsim-pack-'));
  try {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    const tarball = join(work, packed[0].filename);
    const names: string[] = packed[0].files.map((f: { path: string }) => f.path);
    expect(names).toContain('bin/meshsim.mjs');
    expect(names).toContain('dist-cli/meshsim.mjs');
    expect(names.filter((n) => n.startsWith('src/'))).toEqual([]);

    const prefix = join(work, 'prefix');
    // --offline: the package has no dependencies, so nothing may need the registry.
    const install = spawnSync('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], { cwd: work, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    // The bundle is built at pack time: the package has no install script for npm to warn about or block.
    expect(install.stderr).not.toMatch(/install-scripts|allow-scripts/);
    const installed = join(prefix, 'lib', 'node_modules', 'meshsim');
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(realpathSync(installed).startsWith(repo)).toBe(false);
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'bin', 'dist-cli', 'package.json']);

    const elsewhere = join(work, 'elsewhere');
    execFileSync('mkdir', ['-p', elsewhere]);
    writeFileSync(join(elsewhere, 'app.yaml'), [
      'apiVersion: v1', 'kind: Namespace', 'metadata: {name: shop, labels: {istio-injection: enabled}}', '---',
      'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web, namespace: shop}',
      'spec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}}', '',
    ].join('\n'));
    // Only the prefix's bin and Node itself on the PATH: no npx, no repository tools.
    const env = { PATH: `${join(prefix, 'bin')}:${resolve(process.execPath, '..')}:/usr/bin:/bin`, HOME: work };
    const run = (...args: string[]) => spawnSync('meshsim', args, { cwd: elsewhere, env, encoding: 'utf8', timeout: 60_000 });

    const check = run('check', '-f', 'app.yaml');
    expect(check.stderr).toContain('using the webhooks of a default Istio install');
    expect(check.stderr).toContain("meshsim's built-in default install");
    expect(check.stdout).toContain('Deployment shop/web: INJECTED');
    expect(check.status).toBe(0);

    const version = run('--version');
    expect(version.stdout.trim()).toBe(`meshsim ${packed[0].version}`);
    const injected = run('inject', '-f', 'app.yaml');
    expect(injected.status).toBe(0);
    expect(injected.stdout).toContain('name: istio-proxy');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
