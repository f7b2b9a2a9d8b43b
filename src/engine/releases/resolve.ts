import type { ReleaseBehaviour } from './behaviour.ts';
import { describeRange, inRange } from './range.ts';
import { BASE_1_22_0, RELEASE_ROWS, type ReleaseRow } from './table.ts';
import { formatRelease, release, type IstioRelease } from './version.ts';

const cache = new Map<string, ReleaseBehaviour>();

/** The behaviour of one release: 1.22.0's with every row of the table that holds it applied. */
export function behaviourOf(r: IstioRelease): ReleaseBehaviour {
  const key = formatRelease(r) + (r.kind === 'numbered' && !Number.isFinite(r.patch) ? '.x' : '');
  let b = cache.get(key);
  if (!b) {
    const out = structuredClone(BASE_1_22_0) as unknown as Record<string, Record<string, unknown>>;
    for (const row of rowsIn(r)) {
      for (const [section, values] of Object.entries(row.set)) Object.assign(out[section], values);
    }
    b = out as unknown as ReleaseBehaviour;
    cache.set(key, b);
  }
  return b;
}

/** The rows of the table a release includes, in table order. */
export function rowsIn(r: IstioRelease): ReleaseRow[] {
  return RELEASE_ROWS.filter((row) => inRange(row, r));
}

/**
 * The rows whose answer depends on the patch within a minor: what "1.24" (the latest patch) assumes
 * that an early 1.24 patch would not do. Empty for master and for an exact patch.
 */
export function patchDependentRows(r: IstioRelease): ReleaseRow[] {
  if (r.kind !== 'numbered' || Number.isFinite(r.patch)) return [];
  const first = release(r.minor, 0);
  return RELEASE_ROWS.filter((row) => inRange(row, r) !== inRange(row, first));
}

/** One line per row for a release: what it does differently from 1.22.0, with the range. */
export function describeRows(rows: readonly ReleaseRow[]): string[] {
  return rows.map((row) => `${row.what} (${describeRange(row)})`);
}
