/**
 * What changes, release by release, for a user who upgrades from one Istio release to another:
 * the rows of the release table whose answer differs between consecutive stops of the path (the
 * rest of the starting minor's patches, then each later minor's latest patch, then master).
 */
import { describeRange, inRange } from './range.ts';
import { RELEASE_ROWS, type ReleaseRow } from './table.ts';
import { compareReleases, formatRelease, MASTER, NEWEST_MINOR, release, type IstioRelease } from './version.ts';

export interface UpgradeStep {
  /** The release this step arrives at ("1.24" for its latest patch, "1.25", "master"). */
  to: string;
  /** The same in words: "later 1.24 patches", "1.25 (latest patch)", "1.27.6", "master". */
  label: string;
  /** What it changes, one line per table row: arrives, or (rarely) goes away. */
  changes: string[];
}

function between(a: IstioRelease, b: IstioRelease): string[] {
  const lines: string[] = [];
  for (const row of RELEASE_ROWS as readonly ReleaseRow[]) {
    const was = inRange(row, a);
    const is = inRange(row, b);
    if (was === is) continue;
    lines.push(`${is ? '' : 'no longer: '}${row.what} (${describeRange(row)})`);
  }
  return lines;
}

function labelOf(from: IstioRelease, r: IstioRelease): string {
  if (r.kind === 'master') return 'master';
  if (Number.isFinite(r.patch)) return formatRelease(r);
  if (from.kind === 'numbered' && from.minor === r.minor) return `later 1.${r.minor} patches`;
  return `${formatRelease(r)} (latest patch)`;
}

/** The stops from `from` to `to`, each a release a user could run. */
function stops(from: IstioRelease, to: IstioRelease): IstioRelease[] {
  const out: IstioRelease[] = [];
  if (from.kind === 'master') return out;
  // An exact patch first reaches its minor's latest patch (the backports).
  if (Number.isFinite(from.patch)) out.push(release(from.minor));
  for (let m = from.minor + 1; m <= NEWEST_MINOR; m++) out.push(release(m));
  out.push(MASTER);
  return out.filter((r) => compareReleases(r, to) <= 0);
}

/** Every step from `from` up to `to` (default master) that changes something, oldest first. */
export function upgradePath(from: IstioRelease, to: IstioRelease = MASTER): UpgradeStep[] {
  const steps: UpgradeStep[] = [];
  let at = from;
  const path = stops(from, to);
  // `to` may be an exact patch the minor stops do not land on.
  if (compareReleases(to, from) > 0 && !path.some((r) => formatRelease(r) === formatRelease(to))) path.push(to);
  for (const next of path) {
    const changes = between(at, next);
    if (changes.length) steps.push({ to: formatRelease(next), label: labelOf(from, next), changes });
    at = next;
  }
  return steps;
}
