import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, type BenchSuite } from './harness.ts';

// Every bench/*.bench.ts file exports `suite`; each reports its measurements as ratios to a floor
// measured in the same run, because absolute times on these machines are noise.
const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
// --quick: shorter sampling, for CI, which runs the benchmarks once only so they cannot rot.
const args = process.argv.slice(2);
if (args.includes('--quick')) process.env.MESHSIM_BENCH_QUICK = '1';
const only = args.filter((a) => !a.startsWith('--'));
for (const f of files) {
  if (only.length && !only.some((o) => f.includes(o))) continue;
  const mod = (await import(join(here, f))) as { suite: BenchSuite };
  const rows = await mod.suite.run();
  printTable(mod.suite.name, rows, mod.suite.clock);
}
