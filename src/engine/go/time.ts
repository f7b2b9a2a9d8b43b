/*
 * Go's `time` package as sprig's date functions use it: Time.Format, time.ParseInLocation, Time.String
 * and LoadLocation. Layout handling, parse rules and error texts follow Go 1.23+. Dates use the
 * proleptic Gregorian calendar with astronomical years (year 0 is 1 BC), as Go does.
 */

/** A time zone: Go's *time.Location. */
export interface GoLocation {
  readonly name: string;
  /** The zone in force at an instant (seconds since the Unix epoch): its abbreviation and offset east of UTC in seconds. */
  zoneAt(unixSeconds: number): { abbrev: string; offset: number };
}

/** Go's time.Time: an instant with nanosecond precision, shown in a location. */
export interface GoTime { readonly unixNano: bigint; readonly loc: GoLocation }

/** time.FixedZone: Go uses the name as the abbreviation too. */
function fixedZone(name: string, offset: number): GoLocation {
  const zone = { abbrev: name, offset };
  return { name, zoneAt: () => zone };
}

export const UTC: GoLocation = fixedZone('UTC', 0);
const LOCAL: GoLocation = { name: 'Local', zoneAt: UTC.zoneAt };

// ---- calendar ----

const DAY = 86400;
const NANOS = 1_000_000_000n;

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1-12), counting in 400-year eras from March 1. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The inverse of daysFromCivil. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1 };
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days before the first of each month in a common year; index 12 is the whole year. */
const DAYS_BEFORE = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

function daysIn(month: number, year: number): number {
  return month === 2 && isLeap(year) ? 29 : DAYS_BEFORE[month] - DAYS_BEFORE[month - 1];
}

function splitNanos(unixNano: bigint): { sec: number; nsec: number } {
  let sec = unixNano / NANOS;
  let nsec = unixNano % NANOS;
  if (nsec < 0n) {
    nsec += NANOS;
    sec -= 1n;
  }
  return { sec: Number(sec), nsec: Number(nsec) };
}

/**
 * time.Date for already validated fields. Go looks the offset up at the wall time read as UTC, then
 * again at the instant that offset gives; the second answer always wins, which also settles times
 * in a DST gap or overlap the way Go does.
 */
function dateIn(year: number, month: number, day: number, hour: number, min: number, sec: number, nsec: number, loc: GoLocation): GoTime {
  let unix = daysFromCivil(year, month, day) * DAY + hour * 3600 + min * 60 + sec;
  const guess = loc.zoneAt(unix).offset;
  if (guess !== 0) unix -= loc.zoneAt(unix - guess).offset;
  return { unixNano: BigInt(unix) * NANOS + BigInt(nsec), loc };
}

// ---- locations ----

const INTL_MIN = -8.64e12; // the earliest instant (in seconds) Intl.DateTimeFormat accepts
// Intl names zones ("EST") only up to 9999; the calendar, and so every DST rule, repeats every 400 years.
const YEAR_9999_END = 253402300799;
const FOUR_CENTURIES = 146097 * DAY;

/** The tz database's own numeric abbreviation (zic's %z): +hh, +hhmm or +hhmmss. */
function numericAbbrev(offset: number): string {
  const a = Math.abs(offset);
  const mm = Math.floor(a / 60) % 60;
  const ss = a % 60;
  return (offset < 0 ? '-' : '+') + pad(Math.floor(a / 3600), 2) + (mm || ss ? pad(mm, 2) : '') + (ss ? pad(ss, 2) : '');
}

/**
 * An IANA zone through Intl: the offset is the difference between the wall clock Intl shows and the
 * instant. Abbreviations are Intl's en-US short names ("EST", "PDT"); where Intl only knows "GMT+1"
 * style names Go would print the tz database abbreviation ("CET", "IST"), which Intl does not expose,
 * so we print the numeric form the tz database itself uses for zones without a letter abbreviation
 * (+01, +0530; "+hhmmss" for local mean time, where Go would print "LMT").
 */
function intlLocation(name: string, fmt: Intl.DateTimeFormat): GoLocation {
  return {
    name,
    zoneAt(unixSeconds) {
      let at = Math.floor(unixSeconds);
      if (at > YEAR_9999_END) at -= Math.ceil((at - YEAR_9999_END) / FOUR_CENTURIES) * FOUR_CENTURIES;
      if (at < INTL_MIN) at = INTL_MIN; // long before any transition: local mean time throughout
      const f: Record<string, string> = {};
      for (const p of fmt.formatToParts(at * 1000)) f[p.type] = p.value;
      const year = f.era === 'BC' ? 1 - Number(f.year) : Number(f.year);
      const wall = daysFromCivil(year, Number(f.month), Number(f.day)) * DAY + Number(f.hour) * 3600 + Number(f.minute) * 60 + Number(f.second);
      const offset = wall - at;
      return { abbrev: /^GMT[+\-\u2212]/.test(f.timeZoneName) ? numericAbbrev(offset) : f.timeZoneName, offset };
    },
  };
}

const locations = new Map<string, GoLocation>(); // only valid names, so template input cannot grow it without bound

/** time.LoadLocation: "" and "UTC" → UTC; "Local" → Local (UTC: istiod's container has no TZ); an IANA name; else undefined. */
export function loadLocation(name: string): GoLocation | undefined {
  if (name === '' || name === 'UTC') return UTC;
  if (name === 'Local') return LOCAL;
  let loc = locations.get(name);
  if (!loc) {
    loc = loadIana(name);
    if (loc) locations.set(name, loc);
  }
  return loc;
}

function loadIana(name: string): GoLocation | undefined {
  // Go opens a file under the zoneinfo directory: no offsets like "+05:00", no paths that climb out.
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return undefined;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: name, hourCycle: 'h23', era: 'short', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short',
    });
  } catch {
    return undefined;
  }
  // Intl matches names case-insensitively; the tz database's file names are case-sensitive.
  const resolved = fmt.resolvedOptions().timeZone;
  if (resolved !== name && resolved.toLowerCase() === name.toLowerCase()) return undefined;
  return intlLocation(name, fmt);
}

// ---- layouts ----

export const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = LONG_MONTHS.map((m) => m.slice(0, 3));
export const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_DAYS = LONG_DAYS.map((d) => d.slice(0, 3));
// Longest first where one is a prefix of another.
const ZONE_ELEMENTS = ['Z070000', 'Z07:00:00', 'Z0700', 'Z07:00', 'Z07', '-070000', '-07:00:00', '-0700', '-07:00', '-07'];

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function isLower(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 97 && c <= 122;
}

/** The layout element starting at s[i], as its text in the layout ("2006", "_2", ".000", ...). */
function elementAt(s: string, i: number): string | undefined {
  const at = (e: string) => s.startsWith(e, i);
  switch (s[i]) {
    case 'J':
      if (at('January')) return 'January';
      return at('Jan') && !isLower(s, i + 3) ? 'Jan' : undefined;
    case 'M':
      if (at('Monday')) return 'Monday';
      if (at('Mon') && !isLower(s, i + 3)) return 'Mon';
      return at('MST') ? 'MST' : undefined;
    case '0':
      if (s[i + 1] >= '1' && s[i + 1] <= '6') return s.slice(i, i + 2);
      return at('002') ? '002' : undefined;
    case '1':
      return at('15') ? '15' : '1';
    case '2':
      return at('2006') ? '2006' : '2';
    case '_':
      // "_2006" is a literal "_" before the year, which the scan finds at the next character.
      if (at('_2')) return at('_2006') ? undefined : '_2';
      return at('__2') ? '__2' : undefined;
    case '3': case '4': case '5':
      return s[i];
    case 'P':
      return at('PM') ? 'PM' : undefined;
    case 'p':
      return at('pm') ? 'pm' : undefined;
    case '-': case 'Z':
      return ZONE_ELEMENTS.find(at);
    case '.': case ',': {
      const digit = s[i + 1];
      if (digit !== '0' && digit !== '9') return undefined;
      let j = i + 1;
      while (s[j] === digit) j++;
      // Only a run of one repeated digit is a fractional second.
      return isDigit(s, j) ? undefined : s.slice(i, j);
    }
  }
  return undefined;
}

/** Go's nextStdChunk: the literal text before the next element, the element, and the rest. */
function nextChunk(layout: string): { prefix: string; element?: string; suffix: string } {
  for (let i = 0; i < layout.length; i++) {
    const element = elementAt(layout, i);
    if (element !== undefined) return { prefix: layout.slice(0, i), element, suffix: layout.slice(i + element.length) };
  }
  return { prefix: layout, suffix: '' };
}

const isFraction = (element: string | undefined) => element !== undefined && (element[0] === '.' || element[0] === ',');

// ---- format ----

/** Go's appendInt: optional "-", then the magnitude zero-padded to width. */
function pad(n: number, width: number): string {
  const digits = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? '-' + digits : digits;
}

function formatZone(element: string, offset: number): string {
  if (offset === 0 && element[0] === 'Z') return 'Z';
  let minutes = Math.trunc(offset / 60);
  let seconds = offset;
  let out = '+';
  if (minutes < 0) {
    out = '-';
    minutes = -minutes;
    seconds = -seconds;
  }
  const colon = element.includes(':') ? ':' : '';
  out += pad(Math.trunc(minutes / 60), 2);
  if (!element.endsWith('07')) out += colon + pad(minutes % 60, 2);
  // Go takes the seconds from the signed offset when it is under a minute west: "+0000-30".
  if (element.length >= 7) out += colon + pad(seconds % 60, 2);
  return out;
}

function formatFraction(element: string, nsec: number): string {
  const digits = element.length - 1;
  const trim = element[1] === '9';
  if (trim && nsec === 0) return '';
  let out = element[0] + pad(nsec, 9).slice(0, digits);
  if (trim) out = out.replace(/0+$/, '').replace(/[.,]$/, '');
  return out;
}

/** A time's calendar and clock in its location, as Go's Date, Clock, YearDay, Weekday and Unix give them. */
export interface GoTimeFields {
  /** Whole seconds since the epoch, rounded down (Go's Unix()). */
  unix: number;
  nsec: number;
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1–366. */
  yday: number;
  /** 0 = Sunday. */
  weekday: number;
  abbrev: string;
  offset: number;
}

export function goTimeFields(t: GoTime): GoTimeFields {
  const { sec, nsec } = splitNanos(t.unixNano);
  const { abbrev, offset } = t.loc.zoneAt(sec);
  const local = sec + offset;
  const days = Math.floor(local / DAY);
  const clock = local - days * DAY;
  const { year, month, day } = civilFromDays(days);
  return {
    unix: sec,
    nsec,
    year,
    month,
    day,
    hour: Math.floor(clock / 3600),
    minute: Math.floor(clock / 60) % 60,
    second: clock % 60,
    yday: days - daysFromCivil(year, 1, 1) + 1,
    weekday: ((days + 4) % 7 + 7) % 7, // 1970-01-01 was a Thursday
    abbrev,
    offset,
  };
}

/** time.Time.Format(layout). */
export function formatGoTime(t: GoTime, layout: string): string {
  const { nsec, abbrev, offset, year, month, day, hour, minute, second, yday, weekday } = goTimeFields(t);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;

  const value = (element: string): string => {
    switch (element) {
      case '2006': return pad(year, 4);
      case '06': return pad(Math.abs(year) % 100, 2);
      case 'January': return LONG_MONTHS[month - 1];
      case 'Jan': return SHORT_MONTHS[month - 1];
      case '1': return String(month);
      case '01': return pad(month, 2);
      case 'Monday': return LONG_DAYS[weekday];
      case 'Mon': return SHORT_DAYS[weekday];
      case '2': return String(day);
      case '_2': return String(day).padStart(2, ' ');
      case '02': return pad(day, 2);
      case '__2': return String(yday).padStart(3, ' ');
      case '002': return pad(yday, 3);
      case '15': return pad(hour, 2);
      case '3': return String(hour12);
      case '03': return pad(hour12, 2);
      case '4': return String(minute);
      case '04': return pad(minute, 2);
      case '5': return String(second);
      case '05': return pad(second, 2);
      case 'PM': return hour >= 12 ? 'PM' : 'AM';
      case 'pm': return hour >= 12 ? 'pm' : 'am';
      case 'MST': return abbrev !== '' ? abbrev : formatZone('-0700', offset);
    }
    return isFraction(element) ? formatFraction(element, nsec) : formatZone(element, offset);
  };

  let out = '';
  for (let rest = layout; rest !== '';) {
    const { prefix, element, suffix } = nextChunk(rest);
    out += prefix;
    if (element === undefined) break;
    out += value(element);
    rest = suffix;
  }
  return out;
}

/** time.Time.String() without a monotonic clock reading. */
export function goTimeString(t: GoTime): string {
  return formatGoTime(t, '2006-01-02 15:04:05.999999999 -0700 MST');
}

// ---- parse ----
// Go parses bytes, so layout and value are handled as UTF-8 byte strings (one char per byte); parsed
// elements are all ASCII and error texts quote every other byte, so results need no decoding.

function toBytes(s: string): string {
  if (/^[ -~]*$/.test(s)) return s;
  let out = '';
  for (const b of new TextEncoder().encode(s)) out += String.fromCharCode(b);
  return out;
}

/** time's own quote for ParseError (not strconv.Quote): every byte that is not printable ASCII as \xNN. */
function quote(bytes: string): string {
  let out = '"';
  for (const ch of bytes) {
    const c = ch.charCodeAt(0);
    if (c < 0x20 || c >= 0x80) out += '\\x' + c.toString(16).padStart(2, '0');
    else out += ch === '"' || ch === '\\' ? '\\' + ch : ch;
  }
  return out + '"';
}

/** Go's atoi: an optional sign and decimal digits (none at all reads as 0). */
function atoi(s: string): number | undefined {
  const m = /^([+-]?)(\d*)$/.exec(s);
  if (!m) return undefined;
  const n = Number(m[2] || '0');
  return m[1] === '-' ? -n : n;
}

/** One or two digits (exactly two when fixed). */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!isDigit(s, 0)) return undefined;
  if (!isDigit(s, 1)) return fixed ? undefined : [Number(s[0]), s.slice(1)];
  return [Number(s.slice(0, 2)), s.slice(2)];
}

/** One to three digits (exactly three when fixed). */
function getnum3(s: string, fixed: boolean): [number, string] | undefined {
  let i = 0;
  while (i < 3 && isDigit(s, i)) i++;
  if (i === 0 || (fixed && i !== 3)) return undefined;
  return [Number(s.slice(0, i)), s.slice(i)];
}

/** A name from the table at the start of s, ignoring ASCII case. */
function lookup(table: string[], s: string): [number, string] | undefined {
  const i = table.findIndex((name) => s.length >= name.length && /^[a-z]+$/i.test(s.slice(0, name.length)) && s.slice(0, name.length).toLowerCase() === name.toLowerCase());
  return i < 0 ? undefined : [i, s.slice(table[i].length)];
}

/** Removes the literal prefix from the value, any run of spaces matching any other run; on a mismatch, the value from where it stopped. */
function skip(value: string, prefix: string): { ok: boolean; rest: string } {
  while (prefix !== '') {
    if (prefix[0] === ' ') {
      if (value !== '' && value[0] !== ' ') return { ok: false, rest: value };
      prefix = prefix.replace(/^ +/, '');
      value = value.replace(/^ +/, '');
      continue;
    }
    if (value === '' || value[0] !== prefix[0]) return { ok: false, rest: value };
    prefix = prefix.slice(1);
    value = value.slice(1);
  }
  return { ok: true, rest: value };
}

/** A "+hh"/"-hh" suffix of a zone name (hours 0-23): its length, 0 if there is none. */
function signedOffsetLength(s: string): number {
  const m = /^[+-](\d+)/.exec(s);
  return m && Number(m[1]) <= 23 ? m[0].length : 0;
}

/** Go's guess at how long a zone abbreviation at the start of s is; 0 if it does not look like one. */
function zoneNameLength(s: string): number {
  if (s.length < 3) return 0;
  if (s.startsWith('ChST') || s.startsWith('MeST')) return 4;
  if (s.startsWith('GMT')) return s.length === 3 ? 3 : 3 + signedOffsetLength(s.slice(3));
  if (s[0] === '+' || s[0] === '-') return signedOffsetLength(s);
  const upper = /^[A-Z]{0,6}/.exec(s)![0].length;
  if (upper === 3) return 3;
  if (upper === 4 && (s[3] === 'T' || s.startsWith('WITA'))) return 4;
  if (upper === 5 && s[4] === 'T') return 5;
  return 0;
}

const nameTables = new WeakMap<GoLocation, Map<string, number>>();

/** The abbreviations a location used, with their offsets: January and July of 1800-2040, after which its rules repeat. */
function namesOf(loc: GoLocation): Map<string, number> {
  let names = nameTables.get(loc);
  if (!names) {
    names = new Map();
    for (let year = 1800; year <= 2040; year++) {
      for (const month of [1, 7]) {
        const zone = loc.zoneAt(daysFromCivil(year, month, 15) * DAY);
        if (!names.has(zone.abbrev)) names.set(zone.abbrev, zone.offset);
      }
    }
    nameTables.set(loc, names);
  }
  return names;
}

/**
 * Location.lookupName: the offset of a zone with this abbreviation, preferring one in force at the
 * instant, else any the location ever used. Go searches the location's table of zones; Intl has no
 * such table, so we try the zones in force within a day of the instant, then a sampled history.
 */
function lookupName(loc: GoLocation, name: string, unix: number): number | undefined {
  const nearby = new Set([-DAY, 0, DAY].map((d) => loc.zoneAt(unix + d).offset));
  for (const offset of nearby) {
    const zone = loc.zoneAt(unix - offset);
    if (zone.abbrev === name) return zone.offset;
  }
  return namesOf(loc).get(name);
}

interface Fields {
  year: number; month: number; day: number; yday: number;
  hour: number; min: number; sec: number; nsec: number;
  am: boolean; pm: boolean;
  zone?: GoLocation; zoneOffset: number; zoneName: string;
}

/** What parsing one element did: the rest of the value, or a failure (bad syntax, or a value out of range). */
type Step = { rest: string; bad?: true; range?: string };

/** A fractional second "[.,]digits" spanning the first n bytes: Go reads at most 9 digits, truncating the rest. */
function parseNanos(value: string, n: number): { nsec?: number; range?: string } {
  if (value[0] !== '.' && value[0] !== ',') return {};
  const digits = value.slice(1, Math.min(n, 10));
  const ns = atoi(digits);
  if (ns === undefined) return {};
  if (ns < 0) return { range: 'fractional second' };
  return { nsec: ns * 10 ** (10 - Math.min(n, 10)) };
}

const ZONE_SHAPES: Record<string, { len: number; colons: number[]; parts: [number, number][] }> = {
  '0700': { len: 5, colons: [], parts: [[1, 3], [3, 5]] },
  '07:00': { len: 6, colons: [3], parts: [[1, 3], [4, 6]] },
  '07': { len: 3, colons: [], parts: [[1, 3]] },
  '070000': { len: 7, colons: [], parts: [[1, 3], [3, 5], [5, 7]] },
  '07:00:00': { len: 9, colons: [3, 6], parts: [[1, 3], [4, 6], [7, 9]] },
};

function parseZoneOffset(element: string, v: string, f: Fields): Step {
  if (element[0] === 'Z' && v[0] === 'Z') {
    f.zone = UTC;
    return { rest: v.slice(1) };
  }
  const shape = ZONE_SHAPES[element.slice(1)];
  if (v.length < shape.len || shape.colons.some((i) => v[i] !== ':')) return { rest: v, bad: true };
  const [hh, mm = '00', ss = '00'] = shape.parts.map(([from, to]) => v.slice(from, to));
  const h = getnum(hh, true);
  const m = h && getnum(mm, true);
  const s = m && getnum(ss, true);
  const rest = v.slice(shape.len);
  // Go checks the ranges even when a later part is malformed, and reports a range error first.
  const [hours, minutes, seconds] = [h?.[0] ?? 0, m?.[0] ?? 0, s?.[0] ?? 0];
  let range: string | undefined;
  if (hours > 24) range = 'time zone offset hour';
  if (minutes > 60) range = 'time zone offset minute';
  if (seconds > 60) range = 'time zone offset second';
  if (range) return { rest, range };
  if (!s || (v[0] !== '+' && v[0] !== '-')) return { rest, bad: true };
  f.zoneOffset = (v[0] === '-' ? -1 : 1) * ((hours * 60 + minutes) * 60 + seconds);
  return { rest };
}

function parseElement(element: string, v: string, layoutRest: string, f: Fields): Step {
  const num = (r: [number, string] | undefined, set: (n: number) => string | undefined): Step => {
    if (!r) return { rest: v, bad: true };
    const range = set(r[0]);
    return range ? { rest: r[1], range } : { rest: r[1] };
  };
  const name = (r: [number, string] | undefined, set: (i: number) => void): Step => {
    if (!r) return { rest: v, bad: true };
    set(r[0]);
    return { rest: r[1] };
  };
  switch (element) {
    case '06': {
      const y = v.length < 2 ? undefined : atoi(v.slice(0, 2));
      if (y === undefined) return { rest: v, bad: true };
      f.year = y >= 69 ? y + 1900 : y + 2000;
      return { rest: v.slice(2) };
    }
    case '2006': {
      const y = v.length < 4 || !isDigit(v, 0) ? undefined : atoi(v.slice(0, 4));
      if (y === undefined) return { rest: v, bad: true };
      f.year = y;
      return { rest: v.slice(4) };
    }
    case 'Jan': return name(lookup(SHORT_MONTHS, v), (i) => { f.month = i + 1; });
    case 'January': return name(lookup(LONG_MONTHS, v), (i) => { f.month = i + 1; });
    case '1': case '01':
      return num(getnum(v, element === '01'), (n) => { f.month = n; return n < 1 || n > 12 ? 'month' : undefined; });
    case 'Mon': return name(lookup(SHORT_DAYS, v), () => {});
    case 'Monday': return name(lookup(LONG_DAYS, v), () => {});
    case '2': case '_2': case '02': {
      const s = element === '_2' && v[0] === ' ' ? v.slice(1) : v;
      return num(getnum(s, element === '02'), (n) => { f.day = n; return undefined; });
    }
    case '__2': case '002': {
      const s = element === '__2' ? v.replace(/^ {1,2}/, '') : v;
      return num(getnum3(s, element === '002'), (n) => { f.yday = n; return undefined; });
    }
    case '15': return num(getnum(v, false), (n) => { f.hour = n; return n >= 24 ? 'hour' : undefined; });
    case '3': case '03':
      return num(getnum(v, element === '03'), (n) => { f.hour = n; return n > 12 ? 'hour' : undefined; });
    case '4': case '04':
      return num(getnum(v, element === '04'), (n) => { f.min = n; return n >= 60 ? 'minute' : undefined; });
    case '5': case '05': {
      const r = getnum(v, element === '05');
      if (!r) return { rest: v, bad: true };
      f.sec = r[0];
      if (r[0] >= 60) return { rest: r[1], range: 'second' };
      // A fractional second after the seconds is accepted even when the layout has none.
      const rest = r[1];
      if (rest.length < 2 || (rest[0] !== '.' && rest[0] !== ',') || !isDigit(rest, 1) || isFraction(nextChunk(layoutRest).element)) return { rest };
      let n = 2;
      while (isDigit(rest, n)) n++;
      f.nsec = parseNanos(rest, n).nsec ?? 0;
      return { rest: rest.slice(n) };
    }
    case 'PM': case 'pm': {
      const mark = v.length < 2 ? '' : v.slice(0, 2);
      if (mark === (element === 'PM' ? 'PM' : 'pm')) f.pm = true;
      else if (mark === (element === 'PM' ? 'AM' : 'am')) f.am = true;
      else return { rest: v, bad: true };
      return { rest: v.slice(2) };
    }
    case 'MST': {
      if (v.startsWith('UTC')) {
        f.zone = UTC;
        return { rest: v.slice(3) };
      }
      const n = zoneNameLength(v);
      if (n === 0) return { rest: v, bad: true };
      f.zoneName = v.slice(0, n);
      return { rest: v.slice(n) };
    }
  }
  if (!isFraction(element)) return parseZoneOffset(element, v, f);
  if (element[1] === '0') {
    // Exactly as many digits as the layout has.
    const n = element.length;
    if (v.length < n) return { rest: v, bad: true };
    const { nsec, range } = parseNanos(v, n);
    if (range) return { rest: v.slice(n), range };
    if (nsec === undefined) return { rest: v, bad: true };
    f.nsec = nsec;
    return { rest: v.slice(n) };
  }
  // Nines: the fraction may be absent, and any number of digits is taken.
  if (v.length < 2 || (v[0] !== '.' && v[0] !== ',') || !isDigit(v, 1)) return { rest: v };
  let n = 2;
  while (isDigit(v, n)) n++;
  f.nsec = parseNanos(v, n).nsec ?? 0;
  return { rest: v.slice(n) };
}

/** time.ParseInLocation(layout, value, loc): the time, or Go's error text. */
export function parseGoTime(layout: string, value: string, loc: GoLocation): { time: GoTime } | { error: string } {
  const allLayout = toBytes(layout);
  const allValue = toBytes(value);
  const fail = (message: string) => ({ error: `parsing time ${quote(allValue)}${message}` });
  const cannot = (valueElem: string, layoutElem: string) => fail(` as ${quote(allLayout)}: cannot parse ${quote(valueElem)} as ${quote(layoutElem)}`);

  const f: Fields = { year: 0, month: -1, day: -1, yday: -1, hour: 0, min: 0, sec: 0, nsec: 0, am: false, pm: false, zoneOffset: -1, zoneName: '' };
  let v = allValue;
  for (let rest = allLayout; ;) {
    const { prefix, element, suffix } = nextChunk(rest);
    const skipped = skip(v, prefix);
    if (!skipped.ok) return cannot(skipped.rest, prefix);
    v = skipped.rest;
    if (element === undefined) {
      if (v !== '') return fail(`: extra text: ${quote(v)}`);
      break;
    }
    rest = suffix;
    const step = parseElement(element, v, suffix, f);
    if (step.range) return fail(`: ${step.range} out of range`);
    if (step.bad) return cannot(v, element);
    v = step.rest;
  }

  if (f.pm && f.hour < 12) f.hour += 12;
  else if (f.am && f.hour === 12) f.hour = 0;

  if (f.yday >= 0) {
    let yday = f.yday;
    let month = 0;
    let day = 0;
    if (isLeap(f.year)) {
      if (yday === 60) [month, day] = [2, 29];
      else if (yday > 60) yday--;
    }
    if (yday < 1 || yday > 365) return fail(': day-of-year out of range');
    if (month === 0) {
      month = DAYS_BEFORE.findIndex((before) => before >= yday);
      day = yday - DAYS_BEFORE[month - 1];
    }
    if (f.month >= 0 && f.month !== month) return fail(': day-of-year does not match month');
    if (f.day >= 0 && f.day !== day) return fail(': day-of-year does not match day');
    [f.month, f.day] = [month, day];
  } else {
    if (f.month < 0) f.month = 1;
    if (f.day < 0) f.day = 1;
  }
  if (f.day < 1 || f.day > daysIn(f.month, f.year)) return fail(': day out of range');

  const at = (zone: GoLocation) => dateIn(f.year, f.month, f.day, f.hour, f.min, f.sec, f.nsec, zone);
  if (f.zone) return { time: at(f.zone) };
  if (f.zoneOffset !== -1) {
    // -1 doubles as "no offset" in Go, so an offset of exactly one second west is ignored, as there.
    const utc = at(UTC);
    const unixNano = utc.unixNano - BigInt(f.zoneOffset) * NANOS;
    const zone = loc.zoneAt(splitNanos(unixNano).sec);
    const inLoc = zone.offset === f.zoneOffset && (f.zoneName === '' || zone.abbrev === f.zoneName);
    return { time: { unixNano, loc: inLoc ? loc : fixedZone(f.zoneName, f.zoneOffset) } };
  }
  if (f.zoneName !== '') {
    const utc = at(UTC);
    const offset = lookupName(loc, f.zoneName, splitNanos(utc.unixNano).sec);
    if (offset !== undefined) return { time: { unixNano: utc.unixNano - BigInt(offset) * NANOS, loc } };
    // An unknown abbreviation gets offset 0, except GMT±h, whose hours Go trusts.
    const gmtHours = f.zoneName.length > 3 && f.zoneName.startsWith('GMT') ? atoi(f.zoneName.slice(3)) ?? 0 : 0;
    return { time: { unixNano: utc.unixNano, loc: fixedZone(f.zoneName, gmtHours * 3600) } };
  }
  return { time: at(loc) };
}
