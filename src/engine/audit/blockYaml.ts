/**
 * A fast reader for the block-style YAML `kubectl -o yaml` prints: block mappings and sequences,
 * plain and one-line quoted scalars, literal block scalars (`|`, `|-`, `|+`) and empty `[]`/`{}`.
 * A dump of tens of megabytes is almost all of that, and reading it line by line is many times
 * faster than a full YAML parser. Anything outside the subset (anchors, tags, flow collections,
 * folded or multi-line scalars, duplicate keys...) makes it answer undefined, and the caller parses
 * that text with the full parser instead — so the subset never has to be right about the rest.
 *
 * The reading itself is the shared block reader's (kube's blockYamlReader.ts, the one the
 * injection's template output is read with); this file says the YAML 1.2 core rules for it.
 */
import { readBlockYamlWith, type BlockYamlRules } from '../kube/index.ts';

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** The YAML 1.2 core schema, as the `yaml` library resolves plain scalars. */
export function resolvePlain(s: string): unknown {
  if (NULL.test(s)) return null;
  if (TRUE.test(s)) return true;
  if (FALSE.test(s)) return false;
  if (INT.test(s)) return Number(s);
  if (OCT.test(s)) return parseInt(s.slice(2), 8);
  if (HEX.test(s)) return parseInt(s.slice(2), 16);
  if (INF.test(s)) return s[0] === '-' ? -Infinity : Infinity;
  if (NAN.test(s)) return NaN;
  if (FLOAT.test(s)) return parseFloat(s);
  return s;
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', '\t': '\t',
};
/** Characters that make a key mean something else when they come first (quotes included: kubectl quotes no key). */
const KEY_INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

const CORE_RULES: BlockYamlRules = {
  plain: resolvePlain,
  key: (value, raw) => {
    if (KEY_INDICATORS.has(raw[0]) || raw.includes('\t') || raw === '__proto__' || typeof value !== 'string') return undefined;
    return raw;
  },
  escapes: ESCAPES,
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
