/**
 * encoding/json's scalars and map order: how Go writes a string (HTML-safe by default), a float64,
 * and in which order it writes a map's keys. Struct field order is the Go type's, which lives with
 * the types (kube/goJson.ts for Kubernetes objects).
 */
export { formatGoJsonFloat } from './float.ts';

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A Go JSON string literal as json.Marshal writes it: `<`, `>`, `&`, U+2028, U+2029 escaped, lone surrogates replaced. */
export function goJsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (SHORT_ESCAPES[ch]) out += SHORT_ESCAPES[ch];
    else if (cp < 0x20 || ch === '<' || ch === '>' || ch === '&' || cp === 0x2028 || cp === 0x2029) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else out += ch;
  }
  return out + '"';
}

/** The order json.Marshal writes a map's keys in: bytewise UTF-8, which is code point order. */
export function compareGoMapKeys(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < x.length && i < y.length; i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
