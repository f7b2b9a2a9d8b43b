import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What one fuzz suite reports: how many inputs it fed and which one took longest. */
export interface ProbeReport {
  suite: string;
  runs: number;
  boundMs: number;
  slowestMs: number;
  slowestInput: string;
}

const REPORT_DIR = join('reports', 'fuzz');
const SHOWN_INPUT_CHARS = 1500;

/**
 * Times every input a suite feeds the engine. An input slower than `boundMs` fails the property:
 * the bound is generous (only a hang, or work out of all proportion, exceeds it), because timing
 * on shared CI cores is noise — speed itself is measured in `bench/`.
 */
export function createProbe(suite: string, boundMs: number) {
  const report: ProbeReport = { suite, runs: 0, boundMs, slowestMs: 0, slowestInput: '' };
  return {
    report,
    /** Runs `fn` on `input`, records its time, and throws when it exceeds the bound. */
    time<T>(input: unknown, fn: () => T): T {
      const started = performance.now();
      const out = fn();
      const ms = performance.now() - started;
      report.runs++;
      if (ms > report.slowestMs) {
        report.slowestMs = ms;
        report.slowestInput = describeInput(input);
      }
      if (ms > boundMs) throw new Error(`${suite}: one input took ${ms.toFixed(0)} ms (bound ${boundMs} ms): ${describeInput(input)}`);
      return out;
    },
    /** Writes reports/fuzz/<suite>.json, refreshes the all-suites summary and prints both. */
    write(): void {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `${suite}.json`), JSON.stringify(report, null, 2));
      const all = readReports();
      const summary = {
        runs: all.reduce((n, r) => n + r.runs, 0),
        slowest: all.reduce<ProbeReport | undefined>((a, r) => (!a || r.slowestMs > a.slowestMs ? r : a), undefined),
        suites: all.map(({ suite: s, runs, slowestMs }) => ({ suite: s, runs, slowestMs: Math.round(slowestMs) })),
      };
      writeFileSync(join('reports', 'fuzz-summary.json'), JSON.stringify(summary, null, 2));
      console.log(
        `fuzz ${suite}: ${report.runs} inputs, slowest ${report.slowestMs.toFixed(1)} ms: ${report.slowestInput.slice(0, 300)}\n` +
          `fuzz (all suites so far): ${summary.runs} inputs; slowest ${summary.slowest?.slowestMs.toFixed(1)} ms in ${summary.slowest?.suite}`,
      );
    },
  };
}

function readReports(): ProbeReport[] {
  return readdirSync(REPORT_DIR)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(join(REPORT_DIR, f), 'utf8')) as ProbeReport];
      } catch {
        return []; // another suite is writing its file right now
      }
    });
}

/** A readable, bounded rendering of a generated input (bigints and long strings included). */
export function describeInput(input: unknown): string {
  let text: string;
  try {
    text = typeof input === 'string' ? input : JSON.stringify(input, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(input);
  } catch {
    text = String(input);
  }
  return text.length <= SHOWN_INPUT_CHARS ? text : `${text.slice(0, SHOWN_INPUT_CHARS)}… (${text.length} chars)`;
}
