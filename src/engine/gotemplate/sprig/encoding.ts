/** sprig's encodings: base64/base32, Go encoding/json (toJson & co, fromJson) and digests. */
import { chargeWork } from '../workMeter.ts';
import { formatValue } from '../format.ts';
import {
  GoError, GoInt, type GoFunc, type GoValue, fromUtf8, goFunc, intValue, isGoFunc, isHost, mapView, newMap, setKey, sliceView,
  sortedKeys, typeName, utf8,
} from '../values.ts';
import { adler32, sha1, sha256, sha512 } from './hash.ts';
import { strval } from './convert.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? B64[n & 63] : '=';
  }
  return out;
}

/** base64.StdEncoding.DecodeString; errors are worded as Go's CorruptInputError. */
export function base64Decode(s: string): Uint8Array {
  const clean = s.replace(/[\r\n]/g, '');
  const bad = [...clean].findIndex((c) => c !== '=' && !B64.includes(c));
  if (bad >= 0 && !clean.slice(0, bad).includes('=')) throw new GoError(`illegal base64 data at input byte ${bad}`);
  if (clean.length % 4 !== 0) throw new GoError(`illegal base64 data at input byte ${clean.length - (clean.length % 4)}`);
  const out: number[] = [];
  for (let i = 0; i < clean.length; i += 4) {
    const q = clean.slice(i, i + 4);
    const vals = [...q].map((c, j) => {
      if (c === '=') {
        if (i + 4 !== clean.length || j < 2 || (j === 2 && q[3] !== '=')) throw new GoError(`illegal base64 data at input byte ${i + j}`);
        return -1;
      }
      const v = B64.indexOf(c);
      if (v < 0) throw new GoError(`illegal base64 data at input byte ${i + j}`);
      return v;
    });
    const n = (vals[0] << 18) | (vals[1] << 12) | (Math.max(vals[2], 0) << 6) | Math.max(vals[3], 0);
    out.push((n >> 16) & 255);
    if (vals[2] >= 0) out.push((n >> 8) & 255);
    if (vals[3] >= 0) out.push(n & 255);
  }
  return Uint8Array.from(out);
}

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}

export function base32Decode(s: string): Uint8Array {
  const clean = s.replace(/[\r\n]/g, '');
  const bad = [...clean].findIndex((c) => c !== '=' && !B32.includes(c));
  if (bad >= 0 && !clean.slice(0, bad).includes('=')) throw new GoError(`illegal base32 data at input byte ${bad}`);
  if (clean.length % 8 !== 0) throw new GoError(`illegal base32 data at input byte ${clean.length - (clean.length % 8)}`);
  const body = clean.replace(/=+$/, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (let i = 0; i < body.length; i++) {
    const v = B32.indexOf(body[i]);
    if (v < 0) throw new GoError(`illegal base32 data at input byte ${i}`);
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  return Uint8Array.from(out);
}

/** Go's encoding/json string encoding (HTML-safe unless `raw`). */
function jsonString(s: string, raw: boolean): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (c < 0x20) {
      out += ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch === '\t' ? '\\t' : '\\u00' + c.toString(16).padStart(2, '0');
    } else if (!raw && (ch === '<' || ch === '>' || ch === '&')) out += '\\u00' + c.toString(16);
    else if (c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16);
    else if (c >= 0xd800 && c < 0xe000) out += '\\ufffd';
    else out += ch;
  }
  return out + '"';
}

/** Go's encoding/json float64 encoding. */
export function jsonFloat(f: number): string {
  if (!Number.isFinite(f)) throw new GoError(`json: unsupported value: ${formatValue(f)}`);
  const abs = Math.abs(f);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    const s = f.toExponential();
    return s.replace(/e([+-])(\d)$/, 'e$1$2').replace(/e-0(\d)$/, 'e-$1');
  }
  if (Object.is(f, -0)) return '-0';
  if (Number.isInteger(f)) return BigInt(f).toString();
  return String(f);
}

/** json.Marshal / MarshalIndent of a model value. */
export function toJSON(v: GoValue, opts: { indent?: string; raw?: boolean } = {}): string {
  const out: string[] = [];
  writeJSON(v, opts, 0, '', out);
  return out.join('');
}

// Written piece by piece into one array: building each level's string from its children's would
// copy a deep value's text once per level.
function writeJSON(v: GoValue, opts: { indent?: string; raw?: boolean }, depth: number, prefix: string, out: string[]): void {
  chargeWork();
  if (depth > 1000) throw new GoError('json: unsupported value: encountered a cycle or too deep a value');
  const raw = opts.raw ?? false;
  const ind = opts.indent;
  if (v === undefined || v === null) return void out.push('null');
  if (isHost(v)) {
    if (v.isNil) return void out.push('null');
    if (v.json) return writeJSON(v.json(), opts, depth + 1, prefix, out);
    if (v.underlying) return writeJSON(v.underlying(), opts, depth + 1, prefix, out);
    return void out.push('{}');
  }
  switch (typeof v) {
    case 'boolean': return void out.push(String(v));
    case 'bigint': return void out.push(v.toString());
    case 'number': return void out.push(jsonFloat(v));
    case 'string': return void out.push(jsonString(v, raw));
  }
  if (v instanceof GoInt) return void out.push(String(intValue(v)));
  if (isGoFunc(v)) throw new GoError(`json: unsupported type: ${'func'}`);
  const inner = ind !== undefined ? prefix + ind : '';
  const sl = sliceView(v);
  if (sl) {
    if (sl.items === null) return void out.push('null');
    if (sl.items.length === 0) return void out.push('[]');
    out.push('[');
    for (let i = 0; i < sl.items.length; i++) {
      if (i > 0) out.push(',');
      if (ind !== undefined) out.push('\n', inner);
      writeJSON(sl.items[i], opts, depth + 1, inner, out);
    }
    if (ind !== undefined) out.push('\n', prefix);
    return void out.push(']');
  }
  const mv = mapView(v);
  if (mv) {
    if (mv.entries === null) return void out.push('null');
    const keys = sortedKeys(mv.entries);
    if (keys.length === 0) return void out.push('{}');
    const e = mv.entries;
    out.push('{');
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) out.push(',');
      if (ind !== undefined) out.push('\n', inner);
      out.push(jsonString(keys[i]!, raw), ind !== undefined ? ': ' : ':');
      writeJSON(e[keys[i]!], opts, depth + 1, inner, out);
    }
    if (ind !== undefined) out.push('\n', prefix);
    return void out.push('}');
  }
  throw new GoError(`json: unsupported type: ${typeName(v)}`);
}

/** json.Unmarshal into interface{}: objects are map[string]interface{}, numbers float64. */
export function fromJSON(s: string): GoValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch (e) {
    throw new GoError(e instanceof Error ? e.message : String(e));
  }
  const conv = (x: unknown): GoValue => {
    if (Array.isArray(x)) return x.map(conv);
    if (x !== null && typeof x === 'object') {
      const m = newMap();
      for (const [k, v] of Object.entries(x)) setKey(m, k, conv(v));
      return m;
    }
    return x as GoValue;
  };
  return conv(parsed);
}

export function encodingFuncs(): Record<string, GoFunc> {
  const S = 'string';
  const ANY = 'interface {}';
  const enc = (opts: { indent?: string; raw?: boolean }, must: boolean) => goFunc([ANY], (v: GoValue) => {
    try {
      return toJSON(v, opts);
    } catch (e) {
      // Go's toJson swallows json.Marshal's error; a budget stop is not one of those.
      if (must || !(e instanceof GoError)) throw e;
      return '';
    }
  }, { result: S });
  return {
    b64enc: goFunc([S], (s: string) => base64Encode(utf8(s)), { result: S }),
    b64dec: goFunc([S], (s: string) => {
      try {
        return fromUtf8(base64Decode(s));
      } catch (e) {
        return (e as Error).message;
      }
    }, { result: S }),
    b32enc: goFunc([S], (s: string) => base32Encode(utf8(s)), { result: S }),
    b32dec: goFunc([S], (s: string) => {
      try {
        return fromUtf8(base32Decode(s));
      } catch (e) {
        return (e as Error).message;
      }
    }, { result: S }),
    toJson: enc({}, false),
    mustToJson: enc({}, true),
    toPrettyJson: enc({ indent: '  ' }, false),
    mustToPrettyJson: enc({ indent: '  ' }, true),
    toRawJson: enc({ raw: true }, false),
    mustToRawJson: enc({ raw: true }, true),
    fromJson: goFunc([S], (s: string) => {
      try {
        return fromJSON(s);
      } catch {
        return null;
      }
    }, { result: ANY }),
    mustFromJson: goFunc([S], fromJSON, { result: ANY }),
    sha1sum: goFunc([S], (s: string) => sha1(utf8(s)), { result: S }),
    sha256sum: goFunc([S], (s: string) => sha256(utf8(s)), { result: S }),
    sha512sum: goFunc([S], (s: string) => sha512(utf8(s)), { result: S }),
    adler32sum: goFunc([S], (s: string) => String(adler32(utf8(s))), { result: S }),
    toString: goFunc([ANY], (v: GoValue) => strval(v), { result: S }),
  };
}
