/**
 * An Istio release as meshsim tells releases apart: a minor of the 1.x line with a patch, or master
 * (newer than every numbered release). A release named without a patch ("1.24") means that minor's
 * latest patch: every backport of the minor applies.
 */
export type IstioRelease =
  | { kind: 'numbered'; minor: number; /** Infinity when only the minor is known: its latest patch. */ patch: number }
  | { kind: 'master' };

/** The oldest release meshsim reproduces. */
export const OLDEST_MINOR = 22;
/** The newest numbered minor meshsim knows; anything newer is simulated as master. */
export const NEWEST_MINOR = 30;

export const MASTER: IstioRelease = { kind: 'master' };

/** A numbered release, 1.<minor>.<patch>; the patch may be Infinity ("the latest patch"). */
export function release(minor: number, patch = Number.POSITIVE_INFINITY): IstioRelease {
  return { kind: 'numbered', minor, patch };
}

export interface ReleaseParse {
  release?: IstioRelease;
  /** Why the text is not a release meshsim knows, in plain words. */
  error?: string;
  /** What meshsim made of a release it knows only approximately (a minor newer than it knows). */
  note?: string;
}

/**
 * Reads what a user (or a corpus case) writes for a release: `1.24`, `1.24.3`, `v1.24.3`,
 * `1.24.3-distroless`, `master`. Releases before 1.22.0 are refused, not approximated.
 */
export function parseRelease(text: string): ReleaseParse {
  const t = text.trim();
  if (/^(master|main|latest)$/i.test(t)) return { release: MASTER };
  const m = /^v?1\.(\d+)(?:\.(\d+))?(?:[-+].*)?$/.exec(t);
  if (!m) return { error: `"${text}" is not an Istio release: write it as 1.24, 1.24.3 or master` };
  const minor = Number(m[1]);
  if (minor < OLDEST_MINOR) return { error: `Istio ${t} is older than 1.${OLDEST_MINOR}.0, the oldest release meshsim reproduces` };
  if (minor > NEWEST_MINOR) return { release: MASTER, note: `Istio ${t} is newer than 1.${NEWEST_MINOR}, the newest release meshsim knows: simulated as master` };
  return { release: release(minor, m[2] === undefined ? Number.POSITIVE_INFINITY : Number(m[2])) };
}

/** -1, 0 or 1 as a is older than, the same as or newer than b. */
export function compareReleases(a: IstioRelease, b: IstioRelease): number {
  if (a.kind === 'master' || b.kind === 'master') return a.kind === b.kind ? 0 : a.kind === 'master' ? 1 : -1;
  if (a.minor !== b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch === b.patch) return 0;
  return a.patch < b.patch ? -1 : 1;
}

/** `1.24.0`, `1.24` (latest patch) or `master`. */
export function formatRelease(r: IstioRelease): string {
  if (r.kind === 'master') return 'master';
  return Number.isFinite(r.patch) ? `1.${r.minor}.${r.patch}` : `1.${r.minor}`;
}

/** Whether only the minor is known (the patch stands for "the latest"). */
export function isMinorOnly(r: IstioRelease): boolean {
  return r.kind === 'numbered' && !Number.isFinite(r.patch);
}
