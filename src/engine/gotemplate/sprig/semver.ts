/**
 * Masterminds/semver v3 as sprig's `semver` and `semverCompare` use it: loose version parsing
 * (`v1.2`, `1.2.3-beta.1+build`) and constraints with `=`, `!=`, `>`, `<`, `>=`, `<=`, `~`, `^`,
 * wildcards (`1.2.x`, `*`), hyphen ranges, `,`/space for AND and `||` for OR. As in semver v3, a
 * pre-release version only satisfies a constraint that itself names a pre-release.
 */
import { GoError } from '../values.ts';

export interface Version {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string;
  metadata: string;
  original: string;
}

const versionRe = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z\-.]+))?(?:\+([0-9A-Za-z\-.]+))?$/;

export function parseVersion(s: string): Version {
  const m = versionRe.exec(s);
  if (!m) throw new GoError('Invalid Semantic Version');
  return { major: BigInt(m[1]), minor: BigInt(m[2] ?? 0), patch: BigInt(m[3] ?? 0), pre: m[4] ?? '', metadata: m[5] ?? '', original: s };
}

function comparePre(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1;
  if (b === '') return -1;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if (i >= pa.length) return -1;
    if (i >= pb.length) return 1;
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return BigInt(x) < BigInt(y) ? -1 : 1;
    if (nx) return -1;
    if (ny) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function compareVersions(a: Version, b: Version): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  return comparePre(a.pre, b.pre);
}

type Check = (v: Version) => boolean;

const constraintRe = /^\s*(=|!=|>=|=>|<=|=<|>|<|~>|~|\^)?\s*v?([0-9xX*]+(?:\.[0-9xX*]+)?(?:\.[0-9xX*]+)?(?:-[0-9A-Za-z\-.]+)?(?:\+[0-9A-Za-z\-.]+)?)\s*$/;

function parseOne(c: string): Check {
  const m = constraintRe.exec(c);
  if (!m) throw new GoError(`improper constraint: ${c}`);
  const op = m[1] ?? '';
  const raw = m[2];
  const parts = raw.split(/[-+]/)[0].split('.');
  const wild = (p: string | undefined) => p === undefined || p === 'x' || p === 'X' || p === '*';
  const dirty = parts.length < 3 || parts.some(wild);
  const num = (p: string | undefined) => (wild(p) ? 0n : BigInt(p!));
  const cv: Version = {
    major: num(parts[0]), minor: num(parts[1]), patch: num(parts[2]),
    pre: /-([0-9A-Za-z\-.]+)/.exec(raw.replace(/\+.*$/, ''))?.[1] ?? '', metadata: '', original: raw,
  };
  const preOk = (v: Version) => v.pre === '' || cv.pre !== '';
  const cmp = (v: Version) => compareVersions(v, cv);
  const wildMajor = wild(parts[0]);
  const wildMinor = wild(parts[1]);
  switch (op) {
    case '': case '=':
      if (dirty) {
        if (wildMajor) return (v) => preOk(v);
        return (v) => preOk(v) && v.major === cv.major && (wildMinor || v.minor === cv.minor) && (wild(parts[2]) || v.patch === cv.patch);
      }
      return (v) => preOk(v) && cmp(v) === 0;
    case '!=':
      if (dirty) return (v) => preOk(v) && !(v.major === cv.major && (wildMinor || v.minor === cv.minor) && (wild(parts[2]) || v.patch === cv.patch));
      return (v) => preOk(v) && cmp(v) !== 0;
    case '>':
      if (dirty) {
        if (wildMajor) return () => false;
        if (wildMinor) return (v) => preOk(v) && v.major > cv.major;
        return (v) => preOk(v) && (v.major > cv.major || (v.major === cv.major && v.minor > cv.minor));
      }
      return (v) => preOk(v) && cmp(v) > 0;
    case '<': return (v) => preOk(v) && cmp(v) < 0;
    case '>=': case '=>': return (v) => preOk(v) && cmp(v) >= 0;
    case '<=': case '=<':
      if (dirty) {
        if (wildMajor) return (v) => preOk(v);
        if (wildMinor) return (v) => preOk(v) && v.major <= cv.major;
        return (v) => preOk(v) && (v.major < cv.major || (v.major === cv.major && v.minor <= cv.minor));
      }
      return (v) => preOk(v) && cmp(v) <= 0;
    case '~': case '~>':
      return (v) => {
        if (!preOk(v) || cmp(v) < 0) return false;
        if (v.major !== cv.major && !wildMajor) return false;
        if (v.minor !== cv.minor && !wildMinor) return false;
        return true;
      };
    case '^':
      return (v) => {
        if (!preOk(v) || cmp(v) < 0) return false;
        if (cv.major > 0n || wildMinor) return v.major === cv.major;
        if (cv.minor > 0n || wild(parts[2])) return v.major === 0n && v.minor === cv.minor;
        return v.major === 0n && v.minor === 0n && v.patch === cv.patch;
      };
  }
  throw new GoError(`improper constraint: ${c}`);
}

export function parseConstraint(s: string): Check {
  const ors = s.split('||').map((group) => {
    try {
      return parseGroup(group);
    } catch {
      throw new GoError(`improper constraint: ${group}`);
    }
  });
  return (v) => ors.some((c) => c(v));
}

function parseGroup(group: string): Check {
  {
    const g = group.trim().replace(/(>=|=>|<=|=<|!=|~>|>|<|=|~|\^)\s+/g, '$1');
    const ands: Check[] = [];
    const tokens = g.split(/[\s,]+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i + 1] === '-' && tokens[i + 2]) {
        ands.push(parseOne('>=' + tokens[i]), parseOne('<=' + tokens[i + 2]));
        i += 2;
        continue;
      }
      ands.push(parseOne(tokens[i]));
    }
    if (!ands.length) throw new GoError(`improper constraint: ${group}`);
    return (v: Version) => ands.every((c) => c(v));
  }
}
