/**
 * The release each istiod revision of a scenario runs: the user's setting when they chose one,
 * otherwise what each revision's pasted install shows (detectRelease), otherwise master. Plain
 * data: it is a section of the scenario result.
 */
import { diagnostic, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import type { ReleaseBehaviour } from './behaviour.ts';
import { detectRelease, type ReleaseDetection } from './detect.ts';
import { detectionInputOf, type PastedImage } from './fromPaste.ts';
import { describeRange, inRange } from './range.ts';
import { behaviourOf } from './resolve.ts';
import { RELEASE_ROWS } from './table.ts';
import { upgradePath, type UpgradeStep } from './upgradePath.ts';
import { formatRelease, MASTER, parseRelease, type IstioRelease } from './version.ts';

/** The setting's value that asks meshsim to read the release from the paste. */
export const AUTO_RELEASE = 'auto';

export interface ReleaseChoice {
  /** The istiod revision this is about ("default", "canary", ...). */
  revision: string;
  release: IstioRelease;
  /** "1.24.3", "1.24" (its latest patch) or "master". */
  name: string;
  /** "Istio 1.24.3", "Istio 1.24 (latest patch)", "Istio master". */
  label: string;
  /** The user's setting, what the paste shows, or master because nothing tells. */
  chosenBy: 'setting' | 'detected' | 'default';
  /** One sentence: the release and why. */
  summary: string;
  /**
   * The same as every face says it: "Simulated as Istio 1.28.0 because the image … says 1.28.0."
   * The app's release note and every CLI verb print this sentence, so the two never explain a
   * choice differently.
   */
  reason: string;
  /** The reason's end, after "because" ("the image … says 1.28.0"), for a face that sets the release apart. */
  because: string;
  /** What was read from the paste (also when the setting overrides it). */
  detection: ReleaseDetection;
  behaviour: ReleaseBehaviour;
  /** Each way this release behaves unlike master, with the releases it applies to. */
  differsFromMaster: string[];
  /** The same, as an upgrade to master meets them: release by release (upgradePath). */
  upgrades: UpgradeStep[];
}

export interface ScenarioRelease {
  /** The setting as given: "auto" or a release. */
  setting: string;
  /** The choice per revision with a pasted istio-sidecar-injector ConfigMap or istiod image. */
  revisions: Record<string, ReleaseChoice>;
  /** The choice for any other revision (no install pasted for it). */
  otherwise: ReleaseChoice;
  diagnostics: Diagnostic[];
}

export interface PastedRevisionInstall {
  revision: string;
  configMap: Record<string, any>;
  /** `values` and `config` already parsed, when the caller has them. */
  parsed?: { values: unknown; config: unknown };
  where?: SourceRef;
}

/** An image that names a release, with the revision it belongs to when that is known. */
export type RevisionImage = PastedImage & { revision?: string };

function labelOf(r: IstioRelease): string {
  if (r.kind === 'master') return 'Istio master';
  return Number.isFinite(r.patch) ? `Istio ${formatRelease(r)}` : `Istio ${formatRelease(r)} (latest patch)`;
}

function differsFromMaster(r: IstioRelease): string[] {
  return RELEASE_ROWS.filter((row) => inRange(row, r) !== inRange(row, MASTER)).map((row) => `${inRange(row, MASTER) ? 'not yet: ' : ''}${row.what} (${describeRange(row)})`);
}

function choice(revision: string, r: IstioRelease, chosenBy: ReleaseChoice['chosenBy'], detection: ReleaseDetection, summary: string): ReleaseChoice {
  const because = becauseOf(r, chosenBy, detection);
  const reason = `Simulated as ${labelOf(r)}${revision === 'default' ? '' : ` (revision ${revision})`} because ${because}.`;
  return { revision, release: r, name: formatRelease(r), label: labelOf(r), chosenBy, summary, reason, because, detection, behaviour: behaviourOf(r), differsFromMaster: differsFromMaster(r), upgrades: upgradePath(r) };
}

/**
 * The one rule, in words: a release the user chose (the app's Istio setting, --istio-version) wins;
 * else what the paste says (the injector ConfigMap's global.tag, chart labels and shape, then the
 * image tags of istiod and of injected proxies); else master, the release meshsim's built-in
 * install is. A choice is the user's to make; a paste is the cluster's own word; master is what
 * meshsim itself ships.
 */
function becauseOf(r: IstioRelease, chosenBy: ReleaseChoice['chosenBy'], detection: ReleaseDetection): string {
  if (chosenBy !== 'setting') return detection.because;
  const differs = detection.basis !== 'none' && formatRelease(detection.release) !== formatRelease(r);
  return `it was chosen (the Istio setting, --istio-version)${differs ? `, over the paste, which looks like ${labelOf(detection.release)}: ${detection.because}` : ''}`;
}

/**
 * The release of every revision. `setting` is "auto" (or undefined) to detect, or a release the
 * user chose for the whole cluster ("1.24", "1.24.3", "master").
 */
export function chooseReleases(installs: readonly PastedRevisionInstall[], images: readonly RevisionImage[], setting: string | undefined): ScenarioRelease {
  const diagnostics: Diagnostic[] = [];
  const asked = setting === undefined || setting.trim() === '' ? AUTO_RELEASE : setting.trim();
  let forced: IstioRelease | undefined;
  if (asked !== AUTO_RELEASE) {
    const parsed = parseRelease(asked);
    if (parsed.release) forced = parsed.release;
    else diagnostics.push(diagnostic('release', 'error', `${parsed.error}; reading the release from the paste instead`));
    if (parsed.note) diagnostics.push(diagnostic('release', 'info', parsed.note));
  }
  const decide = (revision: string, install: PastedRevisionInstall | undefined): ReleaseChoice => {
    const own = images.filter((i) => (i.revision ?? 'default') === revision);
    const detection = detectRelease(detectionInputOf(install ? { configMap: install.configMap, parsed: install.parsed, where: install.where } : undefined, own));
    const revText = revision === 'default' ? '' : ` (revision ${revision})`;
    if (forced) {
      const differs = detection.basis !== 'none' && formatRelease(detection.release) !== formatRelease(forced) ? ` The paste looks like ${labelOf(detection.release)}: ${detection.summary}` : '';
      return choice(revision, forced, 'setting', detection, `${labelOf(forced)}${revText}, as set.${differs}`);
    }
    if (detection.basis === 'none') return choice(revision, MASTER, 'default', detection, `${detection.summary}${revText ? ` ${revText.trim()}` : ''}`);
    return choice(revision, detection.release, 'detected', detection, `${detection.summary}${revText}`);
  };
  const revisions: Record<string, ReleaseChoice> = {};
  for (const i of installs) if (!Object.hasOwn(revisions, i.revision)) revisions[i.revision] = decide(i.revision, i);
  for (const img of images) {
    const rev = img.revision ?? 'default';
    if (!Object.hasOwn(revisions, rev)) revisions[rev] = decide(rev, undefined);
  }
  for (const c of Object.values(revisions)) {
    for (const conflict of c.detection.conflicts) diagnostics.push(diagnostic('release', 'warning', `revision ${c.revision}: ${conflict}`, installs.find((i) => i.revision === c.revision)?.where));
  }
  const otherwise = decide('default', undefined);
  return { setting: asked, revisions, otherwise, diagnostics };
}

/** The choice for one revision. */
export function releaseOfRevision(r: ScenarioRelease | undefined, revision: string): ReleaseChoice | undefined {
  if (!r) return undefined;
  return Object.hasOwn(r.revisions, revision) ? r.revisions[revision] : { ...r.otherwise, revision };
}
