// The release table and detection: what differs between Istio releases, and which one a paste is.
export type { ReleaseBehaviour, BehaviourChange } from './behaviour.ts';
export { behaviourOf, describeRows, patchDependentRows, rowsIn } from './resolve.ts';
export { upgradePath, type UpgradeStep } from './upgradePath.ts';
export { BASE_1_22_0, RELEASE_ROWS, type ReleaseRow } from './table.ts';
export { describeRange, inRange, isShippedIn, type ReleaseRange, type ShippedIn } from './range.ts';
export { compareReleases, formatRelease, isMinorOnly, MASTER, NEWEST_MINOR, OLDEST_MINOR, parseRelease, release, type IstioRelease, type ReleaseParse } from './version.ts';
export { detectRelease, type DetectionInput, type ReleaseDetection, type ReleaseEvidence, type VersionSignal } from './detect.ts';
export { FINGERPRINTS, type Fingerprint, type InstallShape } from './fingerprints.ts';
export { AUTO_RELEASE, chooseReleases, releaseOfRevision, type ReleaseChoice, type ScenarioRelease } from './scenarioRelease.ts';
export { BUILTIN_INSTALL_LABEL, BUILTIN_INSTALL_VALUE, detectionInputOf, imageTag, isBuiltinInstall } from './fromPaste.ts';
// The scenario's release stage (scenario/firstStages.ts plugs it in), and the same choice made for
// documents read outside the staged engine (the CLI's check and releases verbs).
export { releaseStage, releasesOfDocuments } from './releaseStage.ts';

/** The releases a user can pick by minor (each its latest patch), oldest first, then master. */
export function knownReleaseNames(): string[] {
  const out: string[] = [];
  for (let m = OLDEST_MINOR; m <= NEWEST_MINOR; m++) out.push(`1.${m}`);
  return [...out, 'master'];
}

import { behaviourOf } from './resolve.ts';
import { MASTER, NEWEST_MINOR, OLDEST_MINOR } from './version.ts';

/** Master's behaviour: what every caller gets when it names no release. */
export const MASTER_BEHAVIOUR = behaviourOf(MASTER);
