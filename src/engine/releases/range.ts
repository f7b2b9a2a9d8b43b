import { compareReleases, parseRelease, type IstioRelease } from './version.ts';

/**
 * Where a change first shipped, written as releases.md writes it: one entry per minor it reached.
 * `['1.28.6', '1.29.1']` is "1.28.6+, 1.29.1+": on from that patch in each listed minor, in every
 * minor between and after them, and on master; off before. `['1.27']` is 1.27.0 and later,
 * `['master']` master only.
 */
export type ShippedIn = readonly string[];

interface Start {
  minor: number;
  patch: number;
  master: boolean;
}

const startCache = new Map<string, Start>();

function startOf(text: string): Start {
  let s = startCache.get(text);
  if (!s) {
    const r = parseRelease(text).release;
    if (!r) throw new Error(`release table: ${text} is not a release`);
    s = r.kind === 'master' ? { minor: Infinity, patch: 0, master: true } : { minor: r.minor, patch: Number.isFinite(r.patch) ? r.patch : 0, master: false };
    startCache.set(text, s);
  }
  return s;
}

/** Whether a change written as `shipped` is in release `r`. */
export function isShippedIn(shipped: ShippedIn, r: IstioRelease): boolean {
  if (r.kind === 'master') return true;
  let best: Start | undefined;
  for (const text of shipped) {
    const s = startOf(text);
    if (s.master) continue;
    if (s.minor <= r.minor && (!best || s.minor > best.minor)) best = s;
  }
  if (!best) return false;
  return best.minor < r.minor || r.patch >= best.patch;
}

/** The releases a row applies to: shipped in `from` (default: every release) and not yet replaced by `until`. */
export interface ReleaseRange {
  from?: ShippedIn;
  until?: ShippedIn;
}

export function inRange(range: ReleaseRange, r: IstioRelease): boolean {
  return (range.from === undefined || isShippedIn(range.from, r)) && (range.until === undefined || !isShippedIn(range.until, r));
}

/** The range as releases.md would write it, for the UI ("1.24–1.26", "1.28.6+, 1.29.1+", "master"). */
export function describeRange(range: ReleaseRange): string {
  const from = range.from ?? ['1.22.0'];
  const since = from.map((t) => (t === 'master' ? 'master' : `${t}+`)).join(', ');
  if (!range.until) return from.length === 1 && from[0] === 'master' ? 'master' : since.replace(/^1\.22\.0\+$/, 'every release');
  const until = range.until.map((t) => `before ${t}`).join(', ');
  return `${since.replace(/^1\.22\.0\+$/, '1.22.0+')} ${until}`;
}

export { compareReleases };
