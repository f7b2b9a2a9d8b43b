import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * The meshsim command's cost as a user pays it: whole processes, started afresh each time.
 * - `meshsim --help` against a bare `node -e ''` (the floor no Node program can beat);
 * - `meshsim check` of the default scenario against the engine's own time for that check, which
 *   the same process reports (MESHSIM_TIMING=1): everything else is start-up and printing.
 * The bundle is built first (as `npm ci` does), so no run pays for a rebuild.
 */

const bin = fileURLToPath(new URL('../bin/meshsim.mjs', import.meta.url));
const scenario = ['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'].flatMap((n) => ['-f', fileURLToPath(new URL(`../src/examples/default/${n}.yaml`, import.meta.url))]);
const quick = process.env.MESHSIM_BENCH_QUICK === '1';
const runs = quick ? 5 : 21;


/** Wall milliseconds of a fresh process, and what it wrote to stderr. */
function time(args: string[], env: Record<string, string> = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stderr: r.stderr };
}

export const suite: BenchSuite = {
  name: 'the meshsim command (fresh processes, medians)',
  clock: 'wall',
  run(): BenchRow[] {
    time([bin, '--version']); // builds the bundle if a source changed, and warms the disk cache
    const bare: number[] = [];
    const help: number[] = [];
    const check: number[] = [];
    const engine: number[] = [];
    // Interleaved, so a busy moment on the machine lands on every series alike.
    for (let i = 0; i < runs; i++) {
      bare.push(time(['-e', '']).ms);
      help.push(time([bin, '--help']).ms);
      const c = time([bin, 'check', ...scenario], { MESHSIM_TIMING: '1' });
      const reported = /engine: ([\d.]+) ms/.exec(c.stderr);
      if (!reported) throw new Error(`meshsim check did not report its engine time: ${c.stderr}`);
      check.push(c.ms);
      engine.push(Number(reported[1]));
    }
    const floor = median(bare);
    const engineMs = median(engine);
    return [
      { what: "node -e ''", ms: floor },
      { what: 'meshsim --help', ms: median(help), ratio: median(help) / floor, floor: "node -e ''" },
      { what: 'engine time of meshsim check, default scenario (reported by the process)', ms: engineMs },
      { what: 'meshsim check, default scenario (whole process)', ms: median(check), ratio: median(check) / engineMs, floor: 'its engine time' },
    ];
  },
};
