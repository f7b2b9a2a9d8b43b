// The release table and detection: what differs between Istio releases, and which one a paste is.
export type { ReleaseBehaviour, BehaviourChange } from './behaviour.ts';
export { behaviourOf, describeRows, patchDependentRows, rowsIn } from './resolve.ts';
export { BASE_1_22_0, RELEASE_ROWS, type ReleaseRow } from './table.ts';
export { describeRange, inRange, isShippedIn, type ReleaseRange, type ShippedIn } from './range.ts';
export { compareReleases, formatRelease, isMinorOnly, MASTER, NEWEST_MINOR, OLDEST_MINOR, parseRelease, release, type IstioRelease, type ReleaseParse } from './version.ts';
export { detectRelease, type DetectionInput, type ReleaseDetection, type ReleaseEvidence, type VersionSignal } from './detect.ts';
export { FINGERPRINTS, type Fingerprint, type InstallShape } from './fingerprints.ts';

import { behaviourOf } from './resolve.ts';
import { MASTER } from './version.ts';

/** Master's behaviour: what every caller gets when it names no release. */
export const MASTER_BEHAVIOUR = behaviourOf(MASTER);
