import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { CorpusCase } from './types.ts';

export const CORPUS_KINDS = ['selector', 'webhook', 'policy', 'gotemplate', 'inject', 'iptables', 'trace'] as const;
export type CorpusKind = (typeof CORPUS_KINDS)[number];

/** Finds every case of every known kind below the given corpus roots, in a stable order. */
export function discoverCases(roots: string[], kinds: readonly string[] = CORPUS_KINDS): CorpusCase[] {
  const absRoots = roots.map((r) => resolve(r));
  const cases: CorpusCase[] = [];
  for (const root of absRoots) {
    for (const kind of kinds) {
      const kindDir = join(root, kind);
      if (!existsSync(kindDir)) continue;
      for (const name of readdirSync(kindDir).sort()) {
        const dir = join(kindDir, name);
        const caseFile = join(dir, 'case.yaml');
        if (!statSync(dir).isDirectory() || !existsSync(caseFile)) continue;
        // The corpus uses YAML 1.2 core; integers stay apart from floats for the Go template cases.
        const spec = parse(readFileSync(caseFile, 'utf8'), { intAsBigInt: kind === 'gotemplate' });
        cases.push({ kind, name, dir, spec, roots: absRoots });
      }
    }
  }
  return cases;
}

export function readCaseFile(c: CorpusCase, file: string): string {
  return readFileSync(join(c.dir, file), 'utf8');
}

/** Finds a case of `kind` named `name` in any of the roots (trace cases name iptables cases). */
export function findCaseDir(roots: string[], kind: string, name: string): string | undefined {
  for (const root of roots) {
    const dir = join(root, kind, name);
    if (existsSync(join(dir, 'case.yaml'))) return dir;
  }
  return undefined;
}
