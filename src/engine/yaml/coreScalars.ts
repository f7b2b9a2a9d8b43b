/**
 * The YAML 1.2 core schema's scalars as the `yaml` library reads them: what a plain scalar
 * resolves to and what a double-quoted scalar's escapes stand for. Shared by the fast readers of
 * the user's texts (fastDocuments.ts) and of kubectl dumps (audit/blockYaml.ts); each one's
 * differential tests hold these to the library.
 */
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** A plain scalar's value under the YAML 1.2 core schema. */
export function resolveCorePlain(s: string): unknown {
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

/** The one-character escapes of a double-quoted scalar (`\x`, `\u`, `\U` are read as hex). */
export const CORE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', '\t': '\t',
};
