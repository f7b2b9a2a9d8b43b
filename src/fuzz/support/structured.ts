import type { Diagnostic } from '../../engine/index.ts';

/**
 * The engine catches its own exceptions at every public entry and turns them into diagnostics with
 * these words. For a fuzzer such a diagnostic is still a crash: the input reached code that threw.
 */
const CRASH_WORDS = /internal error|the tracer failed|could not be traced/i;

/**
 * JavaScript's own failures, which mean the engine let a runtime error through to the user as if it
 * were theirs (the message should have said what in their input is too big, too deep or wrong).
 */
const RUNTIME_WORDS = /Maximum call stack|Invalid (string|array|typed array) length|is not a function|Cannot read propert|Cannot convert|(undefined|null) is not (a function|iterable|an object)|out of memory/;

export function crashDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => CRASH_WORDS.test(d.message) || RUNTIME_WORDS.test(d.message) || OBJECT_WORDS.test(d.message));
}

/**
 * What JavaScript writes when a value of the wrong type is turned into text: `[object Object]` for
 * a map or list, `undefined` for a missing value, `NaN` for a number made of nothing. Go's own
 * `undefined variable` and Go's printing of a real NaN are not leaks.
 */
const OBJECT_WORDS = /\[object [A-Z][a-z]+\]/;
const LEAK_WORDS = /\[object [A-Z][a-z]+\]|\bundefined\b(?! variable)|\bNaN\b/;
const LEAK_WORDS_ALL = new RegExp(LEAK_WORDS.source, 'g');

/**
 * The places in `shown` (a result, serialized, or any text shown to the user) where JavaScript's
 * words stand for a user's value: a word counts only when the user's own texts never contain it
 * (case-insensitively), so a label written `NaN` or a Go template's `NaN` result is not a leak.
 */
export function leakedValueWords(shown: string, userTexts: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of shown.matchAll(LEAK_WORDS_ALL)) {
    const word = m[0];
    const lower = word.toLowerCase();
    if (userTexts.some((t) => t.toLowerCase().includes(lower))) continue;
    // Go prints a float NaN as NaN: a template doing float arithmetic may make one.
    if (word === 'NaN' && userTexts.some((t) => /\b(divf|mulf|subf|addf|float64|sqrt)\b/.test(t))) continue;
    out.push(shown.slice(Math.max(0, m.index - 100), m.index + word.length + 60));
    if (out.length >= 3) break;
  }
  return out;
}

/** Whether a message shown to the user is JavaScript's rather than meshsim's. */
export function isRuntimeError(message: string): boolean {
  return CRASH_WORDS.test(message) || RUNTIME_WORDS.test(message) || OBJECT_WORDS.test(message);
}

/**
 * The yaml library's own vocabulary: a YAML error shown with these words reached the user in the
 * library's jargon instead of the plain sentence of src/engine/yaml/plainErrors.ts.
 */
const YAML_JARGON = /implicit (map )?keys?|flow (map|sequence)|block-seq-ind|at node end|indicator|scalar|token|compact mapping|directives-end|Missing closing/i;

export function isYamlJargon(message: string): boolean {
  return YAML_JARGON.test(message);
}

/** Whether a value survives the worker boundary unchanged: plain data, no functions, no classes. */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 200) return true; // deep enough; structuredClone below has the last word
  if (value === null || value === undefined) return true;
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean' || t === 'bigint') return true;
  if (t !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return value.every((v) => isPlainData(v, depth + 1));
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every((v) => isPlainData(v, depth + 1));
}
