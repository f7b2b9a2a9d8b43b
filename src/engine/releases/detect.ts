/**
 * Which Istio release a pasted install comes from (releases.md §1): a version string if one is
 * there (global.tag, the chart labels, an image tag), narrowed or contradicted by the structural
 * fingerprints of the chart; the newest release that fits when only fingerprints speak; master,
 * said plainly, when nothing does.
 */
import type { SourceRef } from '../diagnostics.ts';
import { FINGERPRINTS, type InstallShape } from './fingerprints.ts';
import { describeRange, inRange } from './range.ts';
import { patchDependentRows } from './resolve.ts';
import { RELEASE_ROWS } from './table.ts';
import { compareReleases, formatRelease, MASTER, NEWEST_MINOR, OLDEST_MINOR, parseRelease, release, type IstioRelease } from './version.ts';

/** One thing the detection read, and what it concluded from it. */
export interface ReleaseEvidence {
  /** Where it was read, in the user's terms ("global.tag in istio-sidecar-injector"). */
  signal: string;
  /** What it says ("1.24.3", "1.24 or later", "before 1.25"). */
  says: string;
  where?: SourceRef;
}

export interface ReleaseDetection {
  release: IstioRelease;
  /** How it was found: a version string, the fingerprints alone, or nothing (master by default). */
  basis: 'version' | 'fingerprints' | 'none';
  evidence: ReleaseEvidence[];
  /** Signals that disagree with the release chosen, each in one sentence. */
  conflicts: string[];
  /** Behaviours that differ between the patches the evidence allows: what was assumed for each. */
  assumed: string[];
  /** One sentence: the release and why. */
  summary: string;
  /** Why, as the end of "simulated as … because …" ("the image … of … says 1.28.0"). */
  because: string;
}

/** A version string found in the paste. */
export interface VersionSignal {
  /** The text as found ("1.24.3-distroless", "latest"). */
  value: string;
  signal: string;
  where?: SourceRef;
}

export interface DetectionInput {
  /** Version strings, strongest first (global.tag, chart labels, then image tags). */
  versions: VersionSignal[];
  /** The injector ConfigMap's parsed parts; absent when none was pasted. */
  install?: InstallShape & { name: string; where?: SourceRef };
}

/** Tags of development builds: master, whatever number they carry. */
const DEV_TAG = /^(latest|master|main)$|^1\.\d+-(alpha|beta|dev)\b|^1\.\d+\.\d+-(alpha|beta|dev)\b/i;

/** Every release the detection can settle on: each known minor at each patch the table names, its latest patch, and master. */
function candidates(): IstioRelease[] {
  const maxPatch = new Map<number, number>();
  const note = (text: string) => {
    const r = parseRelease(text).release;
    if (r?.kind === 'numbered' && Number.isFinite(r.patch)) maxPatch.set(r.minor, Math.max(maxPatch.get(r.minor) ?? 0, r.patch));
  };
  for (const row of RELEASE_ROWS) [...(row.from ?? []), ...(row.until ?? [])].forEach(note);
  for (const f of FINGERPRINTS) [...(f.range.from ?? []), ...(f.range.until ?? [])].forEach(note);
  const out: IstioRelease[] = [];
  for (let minor = OLDEST_MINOR; minor <= NEWEST_MINOR; minor++) {
    for (let patch = 0; patch <= (maxPatch.get(minor) ?? 0); patch++) out.push(release(minor, patch));
    out.push(release(minor));
  }
  out.push(MASTER);
  return out;
}

const CANDIDATES = candidates();

/** Reads a version string; a dev tag means master; undefined when it is not a release at all. */
function versionOf(v: VersionSignal): { release?: IstioRelease; dev?: boolean; ignored?: string } {
  const text = v.value.trim();
  if (DEV_TAG.test(text)) return { release: MASTER, dev: true };
  const exact = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  const minorOnly = /^v?(\d+)\.(\d+)$/.exec(text);
  if (!exact && !minorOnly) return { ignored: `${JSON.stringify(text)} is not a version` };
  const parsed = parseRelease(exact ? `${exact[1]}.${exact[2]}.${exact[3]}` : text);
  if (!parsed.release) return { ignored: parsed.error };
  return { release: parsed.release };
}

function describe(r: IstioRelease): string {
  if (r.kind === 'master') return 'master';
  return Number.isFinite(r.patch) ? `Istio ${formatRelease(r)}` : `Istio ${formatRelease(r)} (its latest patch)`;
}

/** The newest release among the candidates: the newest minor, its latest patch. */
function newest(list: IstioRelease[]): IstioRelease {
  return list.reduce((a, b) => (compareReleases(a, b) >= 0 ? a : b));
}

/** Whether every candidate of a minor survived, so the minor alone (its latest patch) is the honest answer. */
function collapse(r: IstioRelease, surviving: IstioRelease[]): IstioRelease {
  if (r.kind !== 'numbered') return r;
  const sameMinor = CANDIDATES.filter((c) => c.kind === 'numbered' && c.minor === r.minor);
  const kept = surviving.filter((c) => c.kind === 'numbered' && c.minor === r.minor);
  if (kept.length === sameMinor.length) return release(r.minor);
  // A patch range: the newest patch that fits.
  return newest(kept);
}

export function detectRelease(input: DetectionInput): ReleaseDetection {
  const evidence: ReleaseEvidence[] = [];
  const conflicts: string[] = [];

  // Fingerprints narrow the candidates; one that would leave nothing is reported and skipped.
  let surviving = CANDIDATES;
  if (input.install) {
    for (const f of FINGERPRINTS) {
      const present = f.present(input.install);
      if (present === undefined || (!present && !f.absenceCounts)) continue;
      const next = surviving.filter((c) => inRange(f.range, c) === present);
      const says = present ? describeRange(f.range) : `not ${describeRange(f.range)}`;
      const signal = `${present ? '' : 'no '}${f.label} in ${input.install.name}`;
      if (next.length === 0) {
        conflicts.push(`${signal} (${says}) contradicts the other fingerprints: the templates look edited, so it was not used.`);
        continue;
      }
      if (next.length !== surviving.length) evidence.push({ signal, says, where: input.install.where });
      surviving = next;
    }
  }
  const narrowed = surviving.length !== CANDIDATES.length;

  // The strongest version string wins over fingerprints (users patch templates), with the conflict said.
  let chosen: IstioRelease | undefined;
  let basis: ReleaseDetection['basis'] = 'none';
  for (const v of input.versions) {
    const read = versionOf(v);
    if (!read.release) {
      if (read.ignored) evidence.push({ signal: v.signal, says: `ignored: ${read.ignored}`, where: v.where });
      continue;
    }
    if (read.dev) {
      // A development tag says "some build of master"; the chart's own shape may say otherwise.
      evidence.push({ signal: v.signal, says: `${JSON.stringify(v.value)}: a development build`, where: v.where });
      if (chosen !== undefined) continue;
      if (surviving.some((c) => c.kind === 'master')) {
        chosen = MASTER;
        basis = 'version';
      } else {
        conflicts.push(`${v.signal} is ${JSON.stringify(v.value)}, a development tag, but the install's shape is that of ${rangeText(surviving)}; the shape was used.`);
      }
      continue;
    }
    evidence.push({ signal: v.signal, says: formatRelease(read.release), where: v.where });
    if (chosen !== undefined) {
      if (compareReleases(chosen, read.release) !== 0 && !(chosen.kind === 'numbered' && read.release.kind === 'numbered' && chosen.minor === read.release.minor)) {
        conflicts.push(`${v.signal} says ${formatRelease(read.release)}, but ${describe(chosen)} was read first.`);
      }
      continue;
    }
    chosen = read.release;
    basis = 'version';
    const fits = surviving.some((c) => c.kind === read.release!.kind && (c.kind === 'master' || (c.kind === 'numbered' && read.release!.kind === 'numbered' && c.minor === read.release!.minor)));
    if (!fits && narrowed) {
      conflicts.push(`${v.signal} says ${formatRelease(read.release)}, but the templates and values look like ${rangeText(surviving)}; meshsim follows the version.`);
    }
  }

  if (chosen === undefined && narrowed) {
    chosen = collapse(newest(surviving), surviving);
    basis = 'fingerprints';
  }
  if (chosen === undefined) chosen = MASTER;

  const assumed = patchDependentRows(chosen).map((row) => `${row.what} (${describeRange(row)}): assumed, as in the latest patch`);
  const summary = summaryOf(chosen, basis, evidence, input);
  return { release: chosen, basis, evidence, conflicts, assumed, summary, because: becauseOf(basis, evidence, input) };
}

/** "1.24" or "1.27–1.28" for the minors a set of candidates spans. */
function rangeText(list: IstioRelease[]): string {
  const sorted = [...list].sort(compareReleases);
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  const name = (r: IstioRelease) => (r.kind === 'master' ? 'master' : `1.${r.minor}`);
  return name(lo) === name(hi) ? name(lo) : `${name(lo)}–${name(hi)}`;
}

function summaryOf(r: IstioRelease, basis: ReleaseDetection['basis'], evidence: ReleaseEvidence[], input: DetectionInput): string {
  if (basis === 'none') {
    return input.install
      ? `meshsim could not tell the release from ${input.install.name} (no version and no telling key or template): simulating master.`
      : 'No istio-sidecar-injector ConfigMap or image tag says which release runs: simulating master.';
  }
  if (basis === 'version') {
    const first = evidence.find((e) => !e.says.startsWith('ignored') && !e.says.startsWith('not '));
    return `${describe(r)}, read from ${first?.signal ?? 'a version string'}${first ? ` (${first.says})` : ''}.`;
  }
  const used = evidence.filter((e) => !e.says.startsWith('ignored'));
  return `${describe(r)}, from the shape of ${input.install?.name ?? 'the install'} (${used.length} fingerprint${used.length === 1 ? '' : 's'}; no version string).`;
}

/** The evidence that decided, as the end of a "because" sentence. */
function becauseOf(basis: ReleaseDetection['basis'], evidence: ReleaseEvidence[], input: DetectionInput): string {
  if (basis === 'none') {
    return input.install
      ? `nothing in ${input.install.name} tells the release (no version, no telling key or template)`
      : 'no istio-sidecar-injector ConfigMap and no Istio image tag in the input names a release';
  }
  if (basis === 'version') {
    const first = evidence.find((e) => !e.says.startsWith('ignored') && !e.says.startsWith('not '));
    return first ? `${first.signal} says ${first.says}` : 'a version string says so';
  }
  const used = evidence.filter((e) => !e.says.startsWith('ignored'));
  return `the shape of ${input.install?.name ?? 'the install'} fits it (${used.length} fingerprint${used.length === 1 ? '' : 's'}, no version string)`;
}
