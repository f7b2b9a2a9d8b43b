import { behaviourOf, MASTER_BEHAVIOUR, parseRelease, type ReleaseBehaviour } from '../engine/releases/index.ts';
import type { CorpusCase } from './types.ts';

/**
 * The Istio release a case was recorded with (`context.istioRelease`, as every case of
 * ../shared/conformance-releases carries it), as the behaviour the engine runs with: exactly what a
 * user who chose that release gets. A case without one is master's.
 */
export function caseRelease(c: CorpusCase): { behaviour: ReleaseBehaviour } | { error: string } {
  const text = c.spec?.context?.istioRelease;
  if (text === undefined || text === null || text === '') return { behaviour: MASTER_BEHAVIOUR };
  const parsed = parseRelease(String(text));
  if (!parsed.release) return { error: `  context.istioRelease: ${parsed.error}` };
  return { behaviour: behaviourOf(parsed.release) };
}
