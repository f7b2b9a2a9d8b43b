// Sums the unit, e2e and strict-conformance reports into the one line CI is judged by, and exits
// non-zero when anything failed or nothing ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined);
const rows = [];

const unit = read('reports/vitest.json');
rows.push(['unit', unit ? unit.numPassedTests : 0, unit ? unit.numFailedTests : 1]);

const e2e = read('reports/e2e.json');
rows.push(['e2e', e2e ? e2e.stats.expected + (e2e.stats.flaky ?? 0) : 0, e2e ? e2e.stats.unexpected : 1]);

const conf = read('reports/conformance-strict.json');
if (conf) rows.push(['conformance (strict kinds)', conf.passed, conf.failed]);

// One report per folder of ../shared/conformance-releases (.ci/run writes them); a release whose
// report cannot be read counts as one failure rather than vanishing.
const releaseReports = existsSync('reports') ? readdirSync('reports').filter((f) => /^conformance-release-.+\.json$/.test(f)).sort() : [];
for (const f of releaseReports) {
  const release = f.slice('conformance-release-'.length, -'.json'.length);
  let r;
  try {
    r = read(`reports/${f}`);
  } catch {
    r = undefined;
  }
  rows.push([`conformance Istio ${release} (strict kinds)`, r ? r.passed : 0, r ? r.failed : 1]);
}

let passed = 0;
let failed = 0;
for (const [what, p, f] of rows) {
  console.log(`${what}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
