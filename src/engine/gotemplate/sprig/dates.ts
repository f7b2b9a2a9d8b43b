/**
 * sprig's date functions over Go's time.Time. istiod renders in a container with no TZ, so Go's
 * Local is UTC there; "now" is this machine's clock, which is all a simulator can offer.
 */
import { hostObject } from '../host.ts';
import { GoError, GoInt, goFunc, isHost, type GoFunc, type GoValue, type HostObject } from '../values.ts';
import {
  formatGoDuration, formatGoTime, goTimeFields, goTimeString, INT64_MAX, INT64_MIN, loadLocation, LONG_DAYS, LONG_MONTHS, mulInt64, parseGoDuration, parseGoTime,
  roundGoDuration, SECOND, subSaturated, UTC, type GoLocation, type GoTime,
} from '../../go/index.ts';

const S = 'string';
const ANY = 'interface {}';
const TIME = 'time.Time';
const LOCAL = loadLocation('Local')!;
/** January 1, year 1, 00:00:00 UTC: Go's zero time.Time. */
const ZERO: GoTime = { unixNano: -62_135_596_800n * SECOND, loc: UTC };
const RFC3339_NANO = '2006-01-02T15:04:05.999999999Z07:00';

const times = new WeakMap<HostObject, GoTime>();

/** A time.Time as templates see it: printed with String(), encoded as RFC 3339, with Go's common methods. */
export function timeValue(t: GoTime): HostObject {
  const fields = () => goTimeFields(t);
  const int = (field: 'year' | 'day' | 'hour' | 'minute' | 'second' | 'yday') => goFunc([], () => BigInt(fields()[field]), { result: 'int' });
  const obj = hostObject({
    goType: TIME,
    format: () => goTimeString(t),
    json: () => formatGoTime(t, RFC3339_NANO),
    methods: {
      Format: goFunc([S], (layout: string) => formatGoTime(t, layout), { result: S }),
      String: goFunc([], () => goTimeString(t), { result: S }),
      Unix: goFunc([], () => new GoInt('int64', BigInt(fields().unix)), { result: 'int64' }),
      UnixNano: goFunc([], () => new GoInt('int64', t.unixNano), { result: 'int64' }),
      IsZero: goFunc([], () => t.unixNano === ZERO.unixNano, { result: 'bool' }),
      UTC: goFunc([], () => timeValue({ unixNano: t.unixNano, loc: UTC }), { result: TIME }),
      Local: goFunc([], () => timeValue({ unixNano: t.unixNano, loc: LOCAL }), { result: TIME }),
      Year: int('year'),
      Day: int('day'),
      Hour: int('hour'),
      Minute: int('minute'),
      Second: int('second'),
      YearDay: int('yday'),
      Month: goFunc([], () => named('time.Month', LONG_MONTHS[fields().month - 1]!, BigInt(fields().month)), { result: 'time.Month' }),
      Weekday: goFunc([], () => named('time.Weekday', LONG_DAYS[fields().weekday]!, BigInt(fields().weekday)), { result: 'time.Weekday' }),
    },
  });
  times.set(obj, t);
  return obj;
}

/** time.Month / time.Weekday: ints that print their names. */
function named(goType: string, name: string, n: bigint): HostObject {
  return hostObject({ goType, format: () => name, underlying: () => n, json: () => n });
}

function timeOf(v: GoValue): GoTime | undefined {
  return isHost(v) ? times.get(v) : undefined;
}

/** A time.Time argument, already checked by the executor against the parameter type. */
function requireTime(v: GoValue): GoTime {
  return timeOf(v)!;
}

function now(): GoTime {
  return { unixNano: BigInt(Date.now()) * 1_000_000n, loc: LOCAL };
}

/** sprig's dateInZone: time.Time or Unix seconds (int, int32, int64), anything else is now. */
function dateInZone(layout: string, date: GoValue, zone: string): string {
  let t = timeOf(date);
  if (!t) {
    const secs = typeof date === 'bigint' ? date : date instanceof GoInt && (date.type === 'int64' || date.type === 'int32') ? date.value : undefined;
    t = secs === undefined ? now() : { unixNano: secs * SECOND, loc: UTC };
  }
  const loc: GoLocation = loadLocation(zone) ?? UTC;
  return formatGoTime({ unixNano: t.unixNano, loc }, layout);
}

function ago(date: GoValue): string {
  let t = timeOf(date);
  if (!t && typeof date === 'bigint') t = { unixNano: date * SECOND, loc: UTC };
  if (!t && date instanceof GoInt && date.type === 'int64') t = { unixNano: date.value * SECOND, loc: UTC };
  const since = subSaturated(now().unixNano, (t ?? now()).unixNano);
  return formatGoDuration(roundGoDuration(since, SECOND));
}

/** sprig's duration: seconds as an int64 or a decimal string; any other type (a plain int too) is 0. */
function duration(sec: GoValue): string {
  let n = 0n;
  if (typeof sec === 'string') n = parseInt64(sec);
  else if (sec instanceof GoInt && sec.type === 'int64') n = sec.value;
  return formatGoDuration(mulInt64(n, SECOND));
}

/** strconv.ParseInt(s, 10, 64) with the error ignored: 0 on bad syntax, the nearest limit when out of range. */
function parseInt64(s: string): bigint {
  if (!/^[+-]?\d+$/.test(s)) return 0n;
  const v = BigInt(s);
  return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : v;
}

const YEAR = 365n * 24n * 3600n * SECOND;
const ROUND_UNITS: [bigint, string][] = [[YEAR, 'y'], [30n * 24n * 3600n * SECOND, 'mo'], [24n * 3600n * SECOND, 'd'], [3600n * SECOND, 'h'], [60n * SECOND, 'm'], [SECOND, 's']];

/** sprig's durationRound: the largest whole unit (y, mo, d, h, m, s) the duration exceeds. */
function durationRound(v: GoValue): string {
  let d = 0n;
  const t = timeOf(v);
  if (typeof v === 'string') {
    const parsed = parseGoDuration(v);
    d = typeof parsed === 'bigint' ? parsed : 0n;
  } else if (v instanceof GoInt && v.type === 'int64') d = v.value;
  else if (t) d = subSaturated(now().unixNano, t.unixNano);
  const u = BigInt.asUintN(64, d < 0n ? -d : d);
  for (const [unit, suffix] of ROUND_UNITS) if (u > unit) return `${u / unit}${suffix}`;
  return '0s';
}

function dateModify(spec: string, date: GoValue, must: boolean): HostObject {
  const t = requireTime(date);
  const d = parseGoDuration(spec);
  if (typeof d !== 'bigint') {
    if (must) throw new GoError(d.error);
    return timeValue(t);
  }
  return timeValue({ unixNano: t.unixNano + d, loc: t.loc });
}

function toDate(layout: string, value: string, must: boolean): HostObject {
  const r = parseGoTime(layout, value, LOCAL);
  if ('error' in r) {
    if (must) throw new GoError(r.error);
    return timeValue(ZERO);
  }
  return timeValue(r.time);
}

export function dateFuncs(): Record<string, GoFunc> {
  const modify = (must: boolean) => goFunc([S, TIME], (spec: string, date: GoValue) => dateModify(spec, date, must), { result: TIME });
  const inZone = goFunc([S, ANY, S], dateInZone, { result: S });
  return {
    now: goFunc([], () => timeValue(now()), { result: TIME }),
    date: goFunc([S, ANY], (layout: string, date: GoValue) => dateInZone(layout, date, 'Local'), { result: S }),
    dateInZone: inZone,
    date_in_zone: inZone,
    htmlDate: goFunc([ANY], (date: GoValue) => dateInZone('2006-01-02', date, 'Local'), { result: S }),
    htmlDateInZone: goFunc([ANY, S], (date: GoValue, zone: string) => dateInZone('2006-01-02', date, zone), { result: S }),
    dateModify: modify(false),
    date_modify: modify(false),
    mustDateModify: modify(true),
    must_date_modify: modify(true),
    ago: goFunc([ANY], ago, { result: S }),
    duration: goFunc([ANY], duration, { result: S }),
    durationRound: goFunc([ANY], durationRound, { result: S }),
    toDate: goFunc([S, S], (layout: string, value: string) => toDate(layout, value, false), { result: TIME }),
    mustToDate: goFunc([S, S], (layout: string, value: string) => toDate(layout, value, true), { result: TIME }),
    unixEpoch: goFunc([TIME], (date: GoValue) => String(goTimeFields(requireTime(date)).unix), { result: S }),
  };
}
