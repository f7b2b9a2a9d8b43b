import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { CORPUS_KINDS, discoverCases } from '../src/conformance/corpus.ts';
import { checkers } from '../src/conformance/kinds/index.ts';
import { measure, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * Every case of the conformance corpus through its kind's checker, per kind, as `meshsim
 * conformance` runs it (discovery parses case.yaml; the checker reads the other files, runs the
 * engine and compares), as a ratio to a bare `yaml` parse + stringify of the same cases' YAML
 * files. The corpus is read from ../shared/conformance at run time (MESHSIM_CORPUS overrides);
 * without it the suite says so and measures nothing.
 */

const root = process.env.MESHSIM_CORPUS ?? new URL('../../shared/conformance', import.meta.url).pathname;
const quick = process.env.MESHSIM_BENCH_QUICK === '1';
const opts = quick ? { minMs: 30, maxIterations: 3 } : { minMs: 1000, maxIterations: 200 };

function yamlTexts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return yamlTexts(p);
    return /\.ya?ml$/.test(e.name) ? [readFileSync(p, 'utf8')] : [];
  });
}

export const suite: BenchSuite = {
  name: `conformance corpus through the checkers (${root})`,
  clock: 'wall',
  async run(): Promise<BenchRow[]> {
    if (!existsSync(root)) {
      console.log(`corpus bench: ${root} is absent; nothing measured`);
      return [];
    }
    const rows: BenchRow[] = [];
    let totalCase = 0;
    let totalFloor = 0;
    for (const kind of CORPUS_KINDS) {
      const cases = discoverCases([root], [kind]);
      const checker = checkers[kind];
      if (!cases.length || !checker) continue;
      const texts = cases.flatMap((c) => yamlTexts(c.dir));
      const floorName = `yaml parse+stringify of the ${kind} cases' ${texts.length} YAML files`;
      const floor = measure(() => texts.map((t) => parseAllDocuments(t).map((d) => stringify(d.toJS()))), { ...opts, clock: 'wall' });
      // A checker may be async (the kernel-backed ones); measure() times synchronous work, so the
      // async kinds are timed over whole awaited passes instead.
      // Discovery parses each case.yaml, as `meshsim conformance` does; the checkers read the rest.
      const pass = async () => {
        for (const c of discoverCases([root], [kind])) await checker(c);
      };
      const samples: number[] = [];
      const until = performance.now() + opts.minMs;
      if (!quick) await pass(); // warm-up (--quick times one cold pass: CI only checks the bench runs)
      while (samples.length < opts.maxIterations && (performance.now() < until || samples.length < (quick ? 1 : 3))) {
        const t = performance.now();
        await pass();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const ms = samples[Math.floor(samples.length / 2)];
      totalCase += ms;
      totalFloor += floor;
      rows.push({ what: floorName, ms: floor });
      rows.push({ what: `${kind}: ${cases.length} cases through the checker`, ms, ratio: ms / floor, floor: 'the row above' });
    }
    rows.push({ what: 'whole corpus', ms: totalCase, ratio: totalCase / totalFloor, floor: 'the sum of the floors above' });
    return rows;
  },
};
