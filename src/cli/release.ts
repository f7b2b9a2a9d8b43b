import type { ScenarioDocuments } from '../engine/documents/index.ts';
import { formatRelease, parseRelease, releaseOfRevision, type ReleaseChoice } from '../engine/releases/index.ts';
import { releasesOfDocuments } from '../engine/releases/index.ts';
import { CliError } from './io.ts';

import { RELEASE_FLAG } from './releaseHelp.ts';

export { RELEASE_FLAG };

/**
 * The flag's release as the engine's setting: "auto" or absent reads the paste; a release meshsim
 * does not simulate is refused here, in the same words by every verb (the app's setting only
 * offers releases it has).
 */
export function releaseSetting(values: Record<string, string[]>): { setting?: string; note?: string } {
  const raw = values[RELEASE_FLAG]?.at(-1);
  if (raw === undefined || raw === 'auto') return {};
  const parsed = parseRelease(raw);
  if (!parsed.release) throw new CliError(`${RELEASE_FLAG}: ${parsed.error}`);
  return { setting: raw, ...(parsed.note ? { note: parsed.note } : {}) };
}

/**
 * The release a verb simulates, by the rule the app follows (releases/chooseReleases): the flag,
 * else what the input's injector ConfigMap or Istio images say, else master. `revision` picks the
 * istiod revision (default: the one revision the input names, else "default").
 */
export function releaseOfInput(
  values: Record<string, string[]>,
  docs: ScenarioDocuments,
  options: { revision?: string; injectorConfigMap?: Record<string, any> } = {},
): { choice: ReleaseChoice; notes: string[] } {
  const { setting, note } = releaseSetting(values);
  const installs = options.injectorConfigMap ? [{ revision: options.revision || 'default', configMap: options.injectorConfigMap }] : undefined;
  const releases = releasesOfDocuments(docs, setting, installs);
  const named = Object.keys(releases.revisions);
  const revision = options.revision || (named.length === 1 ? named[0] : 'default');
  const choice = releaseOfRevision(releases, revision) ?? releases.otherwise;
  return { choice, notes: [...(note ? [note] : []), ...(sayReason(choice) ? [choice.reason] : [])] };
}

/**
 * Whether a verb says why it simulates this release on standard error: when the input decided it,
 * or the flag overrode what the input says. Master because nothing tells is every verb's default
 * (--help says so), and a pipeline of such verbs stays quiet.
 */
export function sayReason(choice: ReleaseChoice): boolean {
  if (choice.chosenBy === 'detected') return true;
  return choice.chosenBy === 'setting' && choice.detection.basis !== 'none' && formatRelease(choice.detection.release) !== choice.name;
}
