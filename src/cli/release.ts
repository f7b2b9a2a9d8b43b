import { behaviourOf, detectRelease, detectionInputOf, MASTER, parseRelease, type ReleaseBehaviour, type ReleaseDetection } from '../engine/releases/index.ts';
import { CliError } from './io.ts';

import { RELEASE_FLAG } from './releaseHelp.ts';

export { RELEASE_FLAG };

/**
 * The release a verb runs as: the flag's, else what the given injector ConfigMap shows, else
 * master. `note` says which and why, for standard error (undefined for master by default).
 */
export function releaseFromFlag(values: Record<string, string[]>, injectorConfigMap?: Record<string, any>): { behaviour: ReleaseBehaviour; note?: string } {
  const raw = values[RELEASE_FLAG]?.at(-1);
  if (raw !== undefined && raw !== 'auto') {
    const parsed = parseRelease(raw);
    if (!parsed.release) throw new CliError(`${RELEASE_FLAG}: ${parsed.error}`);
    return { behaviour: behaviourOf(parsed.release), note: parsed.note };
  }
  const detection: ReleaseDetection | undefined = injectorConfigMap ? detectRelease(detectionInputOf({ configMap: injectorConfigMap }, [])) : undefined;
  if (!detection || detection.basis === 'none') return { behaviour: behaviourOf(MASTER) };
  return { behaviour: behaviourOf(detection.release), note: `simulating ${detection.summary} Give ${RELEASE_FLAG} to choose another release.` };
}
