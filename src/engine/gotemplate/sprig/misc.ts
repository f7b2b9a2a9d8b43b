/** sprig's defaults, reflection, paths, URLs, semver, env and other small functions. */
import {
  GoError, GoInt, NO_FIELD, type GoFunc, type GoPlainMap, type GoValue, type HostObject, getKey, goFunc, hasKey, kindName, mapView, newMap,
  typeName,
} from '../values.ts';
import { deepEqual, empty, strval } from './convert.ts';
import { base, clean, dir, ext, isAbs } from './paths.ts';
import { compareVersions, parseConstraint, parseVersion, type Version } from './semver.ts';

const ANY = 'interface {}';
const S = 'string';

/** A *semver.Version as a host object with the methods templates call. */
function versionObject(v: Version): HostObject {
  const m = (impl: () => GoValue, result: string) => goFunc([], impl, { result });
  const methods: Record<string, GoFunc> = {
    Major: m(() => new GoInt('uint64', v.major), 'uint64'),
    Minor: m(() => new GoInt('uint64', v.minor), 'uint64'),
    Patch: m(() => new GoInt('uint64', v.patch), 'uint64'),
    Prerelease: m(() => v.pre, S),
    Metadata: m(() => v.metadata, S),
    Original: m(() => v.original, S),
    String: m(() => `${v.major}.${v.minor}.${v.patch}${v.pre ? '-' + v.pre : ''}${v.metadata ? '+' + v.metadata : ''}`, S),
  };
  methods.Compare = goFunc([ANY], (o: GoValue) => {
    const ov = (o as HostObject & { version?: Version }).version;
    if (!ov) throw new GoError('Compare needs a *semver.Version');
    return BigInt(compareVersions(v, ov));
  }, { result: 'int' });
  const obj: HostObject & { version: Version } = {
    kind: 'host',
    goType: '*semver.Version',
    version: v,
    field: () => NO_FIELD,
    method: (name) => (Object.prototype.hasOwnProperty.call(methods, name) ? methods[name] : undefined),
    format: () => methods.String.impl() as string,
    json: () => methods.String.impl() as string,
  };
  return obj;
}

/** net/url.Parse for the parts sprig's urlParse reports. */
function urlParse(s: string): GoPlainMap {
  const badEscape = /%(?![0-9A-Fa-f]{2})/.exec(s);
  if (badEscape) {
    throw new GoError(`unable to parse url: parse ${JSON.stringify(s)}: invalid URL escape ${JSON.stringify(s.slice(badEscape.index, badEscape.index + 3))}`);
  }
  const m = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/(?:([^@/?#]*)@)?([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(s);
  if (!m) throw new GoError(`unable to parse url: parse ${JSON.stringify(s)}: invalid URI`);
  const [, scheme = '', userinfo = '', host = '', rest = '', query = '', fragment = ''] = m;
  let path = rest;
  let opaque = '';
  if (scheme && !s.slice(scheme.length + 1).startsWith('/') && !m[3]) {
    opaque = rest;
    path = '';
  }
  const out = newMap();
  out.scheme = scheme;
  out.host = host;
  out.hostname = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  out.path = decodeURIComponentSafe(path);
  out.query = query;
  out.opaque = opaque;
  out.fragment = decodeURIComponentSafe(fragment);
  out.userinfo = userinfo;
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function urlJoin(d: GoValue): string {
  const e = mapView(d)?.entries ?? newMap();
  const get = (k: string) => (hasKey(e, k) ? strval(getKey(e, k)) : '');
  let out = '';
  const scheme = get('scheme');
  if (scheme) out += scheme + ':';
  if (get('opaque')) out += get('opaque');
  else {
    if (scheme || get('host') || get('userinfo')) {
      out += '//';
      if (get('userinfo')) out += get('userinfo') + '@';
      out += get('host');
    }
    const path = get('path');
    if (path && !path.startsWith('/') && get('host')) out += '/';
    out += encodeURI(path);
  }
  if (get('query')) out += '?' + get('query');
  if (get('fragment')) out += '#' + encodeURIComponent(get('fragment'));
  return out;
}

/** The process environment a browser cannot see: empty unless the host registers its own `env`. */
function expandEnv(s: string): string {
  return s.replace(/\$\{[^}]*\}|\$[A-Za-z0-9_]+/g, '');
}

function uuidv4(): string {
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function miscFuncs(): Record<string, GoFunc> {
  return {
    hello: goFunc([], () => 'Hello!', { result: S }),
    default: goFunc([ANY], (d: GoValue, given: GoValue[]) => (given.length === 0 || empty(given[0]) ? d : given[0]), { variadic: ANY, result: ANY }),
    empty: goFunc([ANY], (v: GoValue) => empty(v), { result: 'bool' }),
    coalesce: goFunc([], (xs: GoValue[]) => xs.find((x) => !empty(x)) ?? null, { variadic: ANY, result: ANY }),
    all: goFunc([], (xs: GoValue[]) => xs.every((x) => !empty(x)), { variadic: ANY, result: 'bool' }),
    any: goFunc([], (xs: GoValue[]) => xs.some((x) => !empty(x)), { variadic: ANY, result: 'bool' }),
    ternary: goFunc([ANY, ANY, 'bool'], (t: GoValue, f: GoValue, c: boolean) => (c ? t : f), { result: ANY }),
    fail: goFunc([S], (msg: string) => {
      throw new GoError(msg);
    }, { result: S }),
    typeOf: goFunc([ANY], (v: GoValue) => (v === null ? '<nil>' : typeName(v)), { result: S }),
    typeIs: goFunc([S, ANY], (t: string, v: GoValue) => t === (v === null ? '<nil>' : typeName(v)), { result: 'bool' }),
    typeIsLike: goFunc([S, ANY], (t: string, v: GoValue) => {
      const n = v === null ? '<nil>' : typeName(v);
      return t === n || '*' + t === n;
    }, { result: 'bool' }),
    kindOf: goFunc([ANY], (v: GoValue) => kindName(v), { result: S }),
    kindIs: goFunc([S, ANY], (t: string, v: GoValue) => t === kindName(v), { result: 'bool' }),
    deepEqual: goFunc([ANY, ANY], (a: GoValue, b: GoValue) => deepEqual(a, b), { result: 'bool' }),
    env: goFunc([S], () => '', { result: S }),
    expandenv: goFunc([S], expandEnv, { result: S }),
    base: goFunc([S], base, { result: S }),
    dir: goFunc([S], dir, { result: S }),
    clean: goFunc([S], clean, { result: S }),
    ext: goFunc([S], ext, { result: S }),
    isAbs: goFunc([S], isAbs, { result: 'bool' }),
    osBase: goFunc([S], base, { result: S }),
    osDir: goFunc([S], dir, { result: S }),
    osClean: goFunc([S], clean, { result: S }),
    osExt: goFunc([S], ext, { result: S }),
    osIsAbs: goFunc([S], isAbs, { result: 'bool' }),
    urlParse: goFunc([S], urlParse, { result: 'map[string]interface {}' }),
    urlJoin: goFunc(['map[string]interface {}'], urlJoin, { result: S }),
    semver: goFunc([S], (s: string) => versionObject(parseVersion(s)), { result: '*semver.Version' }),
    semverCompare: goFunc([S, S], (c: string, v: string) => parseConstraint(c)(parseVersion(v)), { result: 'bool' }),
    uuidv4: goFunc([], uuidv4, { result: S }),
  };
}
