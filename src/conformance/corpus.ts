import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { CorpusCase } from './types.ts';

export const CORPUS_KINDS = ['selector', 'webhook', 'policy', 'gotemplate', 'inject', 'iptables', 'trace'] as const;
export type CorpusKind = (typeof CORPUS_KINDS)[number];

/** Folders of a corpus root that hold inputs shared by cases, not cases of a kind. */
const NOT_KINDS = new Set(['profiles']);

/**
 * Every kind folder of a corpus root: each directory but the shared inputs, the known kinds first.
 * A folder of a kind the engine does not know is found too, so its cases count as failed (the
 * corpus' runner contract: unsupported is failed, never skipped).
 */
export function kindsIn(root: string): string[] {
  if (!existsSync(root)) return [];
  const dirs = readdirSync(root).filter((d) => !NOT_KINDS.has(d) && !d.startsWith('.') && statSync(join(root, d)).isDirectory());
  const rank = (k: string) => {
    const i = (CORPUS_KINDS as readonly string[]).indexOf(k);
    return i < 0 ? CORPUS_KINDS.length : i;
  };
  return dirs.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Finds every case below the given corpus roots (of the given kinds, else of every kind folder), in a stable order. */
export function discoverCases(roots: string[], only?: readonly string[]): CorpusCase[] {
  const absRoots = roots.map((r) => resolve(r));
  const cases: CorpusCase[] = [];
  for (const root of absRoots) {
    for (const kind of only ?? kindsIn(root)) {
      const kindDir = join(root, kind);
      if (!existsSync(kindDir)) continue;
      for (const name of readdirSync(kindDir).sort()) {
        const dir = join(kindDir, name);
        const caseFile = join(dir, 'case.yaml');
        if (!statSync(dir).isDirectory() || !existsSync(caseFile)) continue;
        // The corpus uses YAML 1.2 core; integers stay apart from floats for the Go template cases.
        const spec = parse(readFileSync(caseFile, 'utf8'), { intAsBigInt: kind === 'gotemplate' });
        cases.push({ kind, name, dir, spec, root, roots: [root, ...absRoots.filter((r) => r !== root)] });
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
