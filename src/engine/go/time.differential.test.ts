import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGoTime, type GoLocation, type GoTime, loadLocation, parseGoTime } from './time.ts';

/*
 * Differential test against real Go's time package: random instants formatted with random layouts,
 * and values Go formatted (some then mutated) parsed back with ParseInLocation in a random zone.
 * Skipped, with a warning, when `go` is not installed.
 *
 * Instants go from year -100 to 10100, beyond the ±292 years int64 nanoseconds can hold, so they
 * travel as a nanosecond string that the Go side splits into seconds and nanoseconds, and parse
 * results come back as seconds plus nanoseconds rather than UnixNano.
 *
 * Zone abbreviations: Go reads the tz database, we only have Intl's en-US names. They agree for UTC,
 * for New York's EST/EDT from 1970 on and for Lord Howe's numeric names, but not for India's "IST",
 * Lord Howe's "AEST" before 1981, local mean time (Go "LMT") or New York before 1970, where Intl
 * gives only "GMT-5"-style names (so we print "-05" and Go "EST", "EWT", ...). Offsets must
 * always agree. Where an abbreviation differs, a format case is compared with Go's abbreviation
 * patched into our location (so everything else is still checked), and a parse case whose layout reads
 * an abbreviation is left out, since the abbreviation decides the instant there.
 */
const haveGo = spawnSync('go', ['version']).status === 0;
if (!haveGo) console.warn('SKIPPED goTime differential test: install Go (apt install golang-go) to run it');

const goProgram = String.raw`package main

import (
	"encoding/json"
	"math/big"
	"os"
	"time"
)

type request struct {
	UnixNano  string  ` + '`json:"unixNano"`' + String.raw`
	Zone      string  ` + '`json:"zone"`' + String.raw`
	Layout    string  ` + '`json:"layout"`' + String.raw`
	ParseZone string  ` + '`json:"parseZone"`' + String.raw`
	Mutation  []int   ` + '`json:"mutation"`' + String.raw`
}

type result struct {
	Text   string ` + '`json:"text"`' + String.raw`
	Abbrev string ` + '`json:"abbrev"`' + String.raw`
	Offset int    ` + '`json:"offset"`' + String.raw`
	Parsed *parsed ` + '`json:"parsed,omitempty"`' + String.raw`
}

type parsed struct {
	Unix  int64  ` + '`json:"unix,string"`' + String.raw`
	Nanos int    ` + '`json:"nanos"`' + String.raw`
	RFC   string ` + '`json:"rfc"`' + String.raw`
	Loc   string ` + '`json:"loc"`' + String.raw`
	Err   string ` + '`json:"err"`' + String.raw`
}

func zone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// mutate applies [kind, position, byte]: 0 keeps the value, 1 deletes, 2 inserts, 3 replaces a byte.
func mutate(v []byte, m []int) []byte {
	if len(m) < 3 || m[0] == 0 {
		return v
	}
	at := m[1] % (len(v) + 1)
	out := append([]byte{}, v[:at]...)
	switch m[0] {
	case 2:
		out = append(out, byte(m[2]))
		return append(out, v[at:]...)
	case 3:
		out = append(out, byte(m[2]))
	}
	if at < len(v) {
		return append(out, v[at+1:]...)
	}
	return out
}

func main() {
	var reqs []request
	if err := json.NewDecoder(os.Stdin).Decode(&reqs); err != nil {
		panic(err)
	}
	billion := big.NewInt(1e9)
	out := make([]result, len(reqs))
	for i, r := range reqs {
		n, _ := new(big.Int).SetString(r.UnixNano, 10)
		sec, nsec := new(big.Int).DivMod(n, billion, new(big.Int))
		t := time.Unix(sec.Int64(), nsec.Int64()).In(zone(r.Zone))
		text := t.Format(r.Layout)
		abbrev, offset := t.Zone()
		out[i] = result{Text: text, Abbrev: abbrev, Offset: offset}
		if r.ParseZone == "" {
			continue
		}
		value := string(mutate([]byte(text), r.Mutation))
		p, err := time.ParseInLocation(r.Layout, value, zone(r.ParseZone))
		res := &parsed{Unix: p.Unix(), Nanos: p.Nanosecond(), RFC: p.Format(time.RFC3339Nano), Loc: p.Location().String()}
		if err != nil {
			res = &parsed{Err: err.Error()}
		}
		out[i].Text = value
		out[i].Parsed = res
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
`;

interface GoRequest { unixNano: string; zone: string; layout: string; parseZone?: string; mutation?: [number, number, number] }
interface GoParsed { unix: string; nanos: number; rfc: string; loc: string; err: string }
interface GoResult { text: string; abbrev: string; offset: number; parsed?: GoParsed }

function runGo(requests: GoRequest[]): GoResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'gotime-diff-'));
  writeFileSync(join(dir, 'main.go'), goProgram);
  const r = spawnSync('go', ['run', join(dir, 'main.go')], {
    input: JSON.stringify(requests),
    env: { ...process.env, GO111MODULE: 'off', GOCACHE: join(tmpdir(), 'gotime-diff-gocache') },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`go run failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as GoResult[];
}

// ---- generators ----

const zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const elements = ['January', 'Jan', '1', '01', 'Monday', 'Mon', '2', '_2', '02', '__2', '002', '15', '3', '03', '4', '04', '5', '05',
  '2006', '06', 'PM', 'pm', 'MST', 'Z0700', 'Z070000', 'Z07', 'Z07:00', 'Z07:00:00', '-0700', '-070000', '-07', '-07:00', '-07:00:00',
  ...[1, 2, 3, 6, 9].flatMap((n) => ['.' + '0'.repeat(n), '.' + '9'.repeat(n)]), ',000', ',999'];
const literals = [' ', '  ', ':', '-', '/', 'T', '.', ',', '_', 'x', 'at ', '(', ')', 'Z', 'o', 'n'];
const named = ['Mon Jan _2 15:04:05 2006', 'Mon Jan _2 15:04:05 MST 2006', 'Mon, 02 Jan 2006 15:04:05 MST', '02 Jan 06 15:04 -0700',
  '2006-01-02T15:04:05Z07:00', '2006-01-02T15:04:05.999999999Z07:00', '3:04PM', 'Jan _2 15:04:05.000000', '2006-01-02 15:04:05',
  '2006-01-02 15:04:05.999999999 -0700 MST', '2006.002 __2', 'Monday, January 2, 2006 3:04:05.000 pm Z07:00:00'];

const layoutArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...elements) }, fc.constantFrom(...literals)), { minLength: 1, maxLength: 8 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom(...named) },
);

const SEC_PER_DAY = 86400n;
const utcSeconds = (iso: string) => BigInt(Date.parse(iso) / 1000);
// 0000-01-01 is day -719528; 100 proleptic years before it hold 36524 days.
const minSec = -719528n * SEC_PER_DAY - 36524n * SEC_PER_DAY;
const maxSec = utcSeconds('9999-12-31T23:59:59Z') + 100n * 365n * SEC_PER_DAY;
// DST transitions in the test zones, where Date's two offset lookups matter.
const transitions = ['2024-03-10T07:00:00Z', '2024-11-03T06:00:00Z', '1943-06-01T00:00:00Z', '2024-04-06T15:00:00Z', '2024-10-05T15:30:00Z',
  '1883-11-18T17:00:00Z', '1945-10-15T00:00:00Z', '1970-01-01T00:00:00Z', '2000-02-29T12:00:00Z'].map(utcSeconds);

const secondsArb = fc.oneof(
  fc.bigInt(minSec, maxSec),
  fc.bigInt(utcSeconds('1850-01-01T00:00:00Z'), utcSeconds('2100-01-01T00:00:00Z')),
  fc.tuple(fc.constantFrom(...transitions), fc.bigInt(-90000n, 90000n)).map(([t, d]) => t + d),
);
const nanosArb = fc.oneof(fc.constant(0n), fc.bigInt(0n, 999_999_999n), fc.bigInt(0n, 999n).map((n) => n * 1_000_000n), fc.bigInt(0n, 999_999n).map((n) => n * 1000n));
const instantArb = fc.tuple(secondsArb, nanosArb).map(([s, n]) => s * 1_000_000_000n + n);
const mutationArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant<[number, number, number]>([0, 0, 0]) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.nat(64), fc.constantFrom(...' 0159:+-.,ZAMPTx'.split('').map((c) => c.charCodeAt(0)))) },
);

// ---- comparison ----

const location = (zone: string): GoLocation => loadLocation(zone)!;

/** Whether Go's tz database abbreviation may differ from Intl's at this instant (see the header comment); a day's slack either side. */
function abbrevMayDiffer(zone: string, sec: bigint): boolean {
  const before = (iso: string) => sec < utcSeconds(iso) + SEC_PER_DAY;
  switch (zone) {
    case 'Asia/Kolkata': return true;
    case 'America/New_York': return before('1970-01-01T00:00:00Z');
    case 'Australia/Lord_Howe': return before('1981-02-28T14:00:00Z');
  }
  return false;
}

/** Our location with Go's abbreviation at this one instant (see the header comment). */
function withAbbrev(loc: GoLocation, abbrev: string): GoLocation {
  return { name: loc.name, zoneAt: (s) => ({ abbrev, offset: loc.zoneAt(s).offset }) };
}

const [goMajor, goMinor] = (/go(\d+)\.(\d+)/.exec(spawnSync('go', ['version'], { encoding: 'utf8' }).stdout ?? '') ?? []).slice(1).map(Number);
const oldGo = haveGo && (goMajor === 1 && goMinor < 23);

/**
 * We follow Go 1.23+. Debian's Go 1.19 differs in ways forgiven only when running under an older Go:
 * a failed element is reported after the bytes it consumed, not from its start; "Z070000" and
 * "Z07:00:00" do not accept "Z"; ".999" reads at most nine digits; zone offsets are not range-checked
 * and their fields may carry a sign ("+-5"); a malformed seconds field followed by a fraction is let
 * through.
 */
function olderGoDifference(layout: string, value: string, goErr: string, mine: string): boolean {
  if (!oldGo) return false;
  if (/as "Z07(0000|:00:00)"$/.test(goErr) && value.includes('Z')) return true;
  if (/[.,]9+(?![0-9])/.test(layout) && /[.,]\d{10}/.test(value)) return true;
  if (mine.includes('time zone offset')) return true;
  const cannot = /cannot parse "(.*)" as "(.*)"$/;
  const m = cannot.exec(mine);
  if (!m) return false;
  const [, rest, element] = m;
  if (/^[Z-]07/.test(element) && /[+-]\d/.test(rest.slice(1, 10))) return true;
  if (/^0?5$/.test(element) && /^[.,]\d/.test(rest)) return true;
  const g = cannot.exec(goErr);
  return !!g && g[2] === element && rest.endsWith(g[1]) && g[1] !== rest;
}

const NS = 1_000_000_000n;
const floorSeconds = (ns: bigint) => (ns >= 0n ? ns / NS : -((-ns + NS - 1n) / NS));

function describeParsed(r: { time: GoTime } | { error: string }): GoParsed {
  if ('error' in r) return { unix: '0', nanos: 0, rfc: '', loc: '', err: r.error };
  const sec = floorSeconds(r.time.unixNano);
  return { unix: String(sec), nanos: Number(r.time.unixNano - sec * NS), rfc: formatGoTime(r.time, '2006-01-02T15:04:05.999999999Z07:00'), loc: r.time.loc.name, err: '' };
}

describe.skipIf(!haveGo)('goTime against real Go', () => {
  const seed = Number(process.env.GOTIME_DIFF_SEED ?? 20_06);
  const runs = Number(process.env.GOTIME_DIFF_RUNS ?? 400);
  const formats = fc.sample(fc.record({ unixNano: instantArb.map(String), zone: fc.constantFrom(...zones), layout: layoutArb }), { numRuns: runs, seed });
  const parses = fc.sample(fc.record({
    unixNano: instantArb.map(String), zone: fc.constantFrom(...zones), layout: layoutArb, parseZone: fc.constantFrom(...zones), mutation: mutationArb,
  }), { numRuns: runs, seed: seed + 1 });
  const results = haveGo ? runGo([...formats, ...parses]) : [];

  it('formats like Go', () => {
    const mismatches: string[] = [];
    let patched = 0;
    formats.forEach((c, i) => {
      const g = results[i];
      const loc = location(c.zone);
      const sec = floorSeconds(BigInt(c.unixNano));
      const zone = loc.zoneAt(Number(sec));
      if (zone.abbrev !== g.abbrev && !abbrevMayDiffer(c.zone, sec)) mismatches.push(`${c.zone} at ${c.unixNano}: abbreviation go ${g.abbrev} mine ${zone.abbrev}`);
      if (zone.offset !== g.offset) mismatches.push(`${c.zone} at ${c.unixNano}: offset go ${g.offset} mine ${zone.offset}`);
      const ours = zone.abbrev === g.abbrev ? loc : (patched++, withAbbrev(loc, g.abbrev));
      const mine = formatGoTime({ unixNano: BigInt(c.unixNano), loc: ours }, c.layout);
      if (mine !== g.text) mismatches.push(`${c.zone} ${c.unixNano} ${JSON.stringify(c.layout)}\n  go:   ${JSON.stringify(g.text)}\n  mine: ${JSON.stringify(mine)}`);
    });
    console.info(`goTime format: ${formats.length} cases, ${patched} with Go's abbreviation patched in`);
    expect(mismatches.slice(0, 20).join('\n')).toBe('');
  });

  it('parses like Go', () => {
    const mismatches: string[] = [];
    let compared = 0;
    let errors = 0;
    let forgiven = 0;
    parses.forEach((c, i) => {
      const g = results[formats.length + i];
      if (location(c.zone).zoneAt(Number(floorSeconds(BigInt(c.unixNano)))).abbrev !== g.abbrev && /MST/.test(c.layout)) return;
      const mine = describeParsed(parseGoTime(c.layout, g.text, location(c.parseZone)));
      const theirs = g.parsed!;
      compared++;
      if (theirs.err) errors++;
      if ((Object.keys(mine) as (keyof GoParsed)[]).every((k) => mine[k] === theirs[k])) return;
      if (olderGoDifference(c.layout, g.text, theirs.err, mine.err)) {
        forgiven++;
        return;
      }
      mismatches.push(`${JSON.stringify(c.layout)} ${JSON.stringify(g.text)} in ${c.parseZone}\n  go:   ${JSON.stringify(theirs)}\n  mine: ${JSON.stringify(mine)}`);
    });
    console.info(`goTime parse: ${compared} of ${parses.length} cases compared (${errors} errors), ${forgiven} forgiven as Go ${goMajor}.${goMinor} differences`);
    expect(compared).toBeGreaterThan(parses.length * 0.7);
    expect(mismatches.slice(0, 20).join('\n')).toBe('');
  });
});
