/**
 * A fast reader for the block-style YAML `kubectl -o yaml` prints: block mappings and sequences,
 * plain and one-line quoted scalars, literal block scalars (`|`, `|-`, `|+`) and empty `[]`/`{}`.
 * A dump of tens of megabytes is almost all of that, and reading it line by line is many times
 * faster than a full YAML parser. Anything outside the subset (anchors, tags, flow collections,
 * folded or multi-line scalars, duplicate keys...) makes it answer undefined, and the caller parses
 * that text with the full parser instead — so the subset never has to be right about the rest.
 *
 * The reading itself is the shared block reader's (yaml/blockYamlReader.ts, the one the
 * injection's template output is read with); this file says the YAML 1.2 core rules for it.
 */
import { readBlockYamlWith, type BlockYamlRules } from '../yaml/blockYamlReader.ts';
import { CORE_ESCAPES, resolveCorePlain } from '../yaml/coreScalars.ts';

/** The YAML 1.2 core schema, as the `yaml` library resolves plain scalars (yaml/coreScalars.ts). */
export const resolvePlain = resolveCorePlain;

/** Characters that make a key mean something else when they come first (quotes included: kubectl quotes no key). */
const KEY_INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

const CORE_RULES: BlockYamlRules = {
  plain: resolvePlain,
  key: (value, raw) => {
    if (KEY_INDICATORS.has(raw[0]) || raw.includes('\t') || raw === '__proto__' || typeof value !== 'string') return undefined;
    return raw;
  },
  escapes: CORE_ESCAPES,
  hexEscapes: true,
  flow: false,
  literal: true,
  uniqueKeys: true,
  empty: { value: null },
};

/** The value of a block-style YAML text, or undefined when the text uses YAML beyond kubectl's subset. */
export function readBlockYaml(text: string): { value: unknown } | undefined {
  return readBlockYamlWith(text, CORE_RULES);
}
