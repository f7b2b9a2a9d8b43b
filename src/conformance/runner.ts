import { discoverCases } from './corpus.ts';
import { checkers } from './kinds/index.ts';
import type { CaseOutcome, CorpusCase } from './types.ts';

export interface CaseResult {
  /** The corpus root the case came from (as given, resolved). */
  root: string;
  kind: string;
  name: string;
  pass: boolean;
  diff?: string;
  detail?: unknown;
}

export interface ConformanceReport {
  results: CaseResult[];
  byKind: Record<string, { passed: number; failed: number }>;
  /** The same counts for each corpus root, so a run over several releases says which one failed. */
  byRoot: Record<string, Record<string, { passed: number; failed: number }>>;
  passed: number;
  failed: number;
}

async function runOne(c: CorpusCase): Promise<CaseOutcome> {
  const checker = checkers[c.kind];
  if (!checker) return { pass: false, diff: `  kind "${c.kind}" is not supported yet` };
  try {
    return await checker(c);
  } catch (err) {
    return { pass: false, diff: `  the checker threw: ${err instanceof Error ? err.stack ?? err.message : String(err)}` };
  }
}

/** Runs every case of the given kinds found under the roots; an unsupported kind counts as failed. */
export async function runConformance(roots: string[], kinds?: string[]): Promise<ConformanceReport> {
  const cases = discoverCases(roots, kinds && kinds.length ? kinds : undefined);
  const results: CaseResult[] = [];
  const byKind: ConformanceReport['byKind'] = {};
  const byRoot: ConformanceReport['byRoot'] = {};
  for (const c of cases) {
    const outcome = await runOne(c);
    results.push({ root: c.root, kind: c.kind, name: c.name, pass: outcome.pass, diff: outcome.diff, detail: outcome.detail });
    for (const counts of [byKind, (byRoot[c.root] ??= {})]) {
      const k = (counts[c.kind] ??= { passed: 0, failed: 0 });
      if (outcome.pass) k.passed++;
      else k.failed++;
    }
  }
  const passed = results.filter((r) => r.pass).length;
  return { results, byKind, byRoot, passed, failed: results.length - passed };
}
