import { describe, expect, it } from 'vitest';
import { formatGoTime, type GoLocation, goTimeString, loadLocation, parseGoTime, UTC } from './time.ts';

// Expected values come from Go (checked with Go 1.19; rows marked "1.23" follow the newer parser).

const NY = loadLocation('America/New_York')!;
const KOLKATA = loadLocation('Asia/Kolkata')!;
const LORD_HOWE = loadLocation('Australia/Lord_Howe')!;
const WEST_530: GoLocation = { name: '', zoneAt: () => ({ abbrev: '', offset: -19800 }) };
const locations: Record<string, GoLocation> = { UTC, NY, KOLKATA, LORD_HOWE };

/** A UTC date and time as nanoseconds since the epoch; any year, proleptic Gregorian. */
function utc(year: number, month: number, day: number, hour = 0, min = 0, sec = 0, nsec = 0): bigint {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return BigInt(date.getTime() / 1000 + hour * 3600 + min * 60 + sec) * 1_000_000_000n + BigInt(nsec);
}

const REF = utc(2006, 1, 2, 15, 4, 5, 123456789);

describe('formatGoTime', () => {
  it.each<[string, bigint, GoLocation, string, string]>([
    ['RFC3339Nano', REF, UTC, '2006-01-02T15:04:05.999999999Z07:00', '2006-01-02T15:04:05.123456789Z'],
    ['Z forms print Z for UTC', REF, UTC, 'Z07:00 -07:00 Z0700 Z07 Z070000 Z07:00:00 MST', 'Z +00:00 Z Z Z Z UTC'],
    ['numeric zones', REF, WEST_530, 'Z07:00 -07:00 -0700 -07 -070000 -07:00:00 MST', '-05:30 -05:30 -0530 -05 -053000 -05:30:00 -0530'],
    ['12-hour clock at midnight', utc(2024, 1, 1, 0, 5), UTC, '3:04PM 03:04pm 15', '12:05AM 12:05am 00'],
    ['12-hour clock at noon', utc(2024, 1, 1, 12, 5), UTC, '3:04PM 03:04pm 15', '12:05PM 12:05pm 12'],
    ['12-hour clock after noon', utc(2024, 1, 1, 13, 5, 9), UTC, '3:04:5PM 03:04:05pm 15', '1:05:9PM 01:05:09pm 13'],
    ['day of year in a leap year', utc(2024, 12, 31), UTC, '002 __2 Monday Mon', '366 366 Tuesday Tue'],
    ['padding', utc(2023, 1, 5), UTC, '002|__2|_2|2|02|1|01|Jan|January', '005|  5| 5|5|05|1|01|Jan|January'],
    ['two-digit day of year', utc(2023, 2, 14), UTC, '002|__2|_2', '045| 45|14'],
    ['year 0', utc(0, 1, 1), UTC, '2006 06 Monday', '0000 00 Saturday'],
    ['year -1', utc(-1, 12, 31), UTC, '2006 06 Monday 002', '-0001 01 Friday 365'],
    ['year -101', utc(-101, 3, 1), UTC, '2006 06 Jan 2', '-0101 01 Mar 1'],
    ['five-digit year', utc(12345, 6, 7), UTC, '2006 06 Jan 2', '12345 45 Jun 7'],
    ['_2006 and words that are not elements', utc(999, 6, 7), UTC, '2006_2006 Janx Month Mon', '0999_0999 Janx Month Fri'],
    ['milliseconds', utc(2024, 1, 1, 0, 0, 0, 5_000_000), UTC, '.000 .999 ,000 ,999 .9 .0 .000000000 .999999999', '.005 .005 ,005 ,005  .0 .005000000 .005'],
    ['half a second', utc(2024, 1, 1, 0, 0, 0, 500_000_000), UTC, '.000 .999 ,000 ,999 .9 .0 .00', '.500 .5 ,500 ,5 .5 .5 .50'],
    ['no fraction', utc(2024, 1, 1), UTC, '05.000|05.999|05,9|05.9', '00.000|00|00|00'],
    ['before the epoch', -1n, UTC, '2006-01-02 15:04:05.999999999 Mon', '1969-12-31 23:59:59.999999999 Wed'],
    ['epoch weekday', 0n, UTC, 'Monday', 'Thursday'],
    ['local mean time has seconds', utc(1800, 1, 1, 4, 56, 2), NY, '2006-01-02 15:04:05 -07:00:00 -070000 -0700 Z07:00', '1800-01-01 00:00:00 -04:56:02 -045602 -0456 -04:56'],
    ['half-hour zone', utc(2024, 6, 30, 18, 30), KOLKATA, '15:04 -0700 Z07', '00:00 +0530 +05'],
    ['numeric abbreviation', utc(2023, 12, 31, 13), LORD_HOWE, 'MST -0700', '+11 +1100'],
    ['numeric abbreviation with minutes', utc(2024, 6, 30, 13, 30), LORD_HOWE, 'MST -0700', '+1030 +1030'],
    ['India has no Intl abbreviation (Go prints IST)', utc(2024, 6, 30, 18, 30), KOLKATA, 'MST', '+0530'],
    ['New York standard time', utc(2024, 1, 15, 15), NY, 'Mon Jan _2 15:04:05 MST 2006', 'Mon Jan 15 10:00:00 EST 2024'],
    ['far future keeps DST rules', utc(10100, 7, 1, 12), NY, '15:04 MST', '08:00 EDT'],
  ])('%s', (_, unixNano, loc, layout, expected) => {
    expect(formatGoTime({ unixNano, loc }, layout)).toBe(expected);
  });

  it.each<[bigint, GoLocation, string]>([
    [utc(1970, 1, 1), UTC, '1970-01-01 00:00:00 +0000 UTC'],
    [REF, UTC, '2006-01-02 15:04:05.123456789 +0000 UTC'],
    [utc(2024, 3, 10, 7), NY, '2024-03-10 03:00:00 -0400 EDT'],
    [utc(2024, 3, 10, 6, 59, 59), NY, '2024-03-10 01:59:59 -0500 EST'],
    [utc(2024, 11, 3, 5, 30), NY, '2024-11-03 01:30:00 -0400 EDT'],
    [utc(2024, 11, 3, 6, 30), NY, '2024-11-03 01:30:00 -0500 EST'],
    [utc(0, 12, 31, 23, 59, 59, 999_999_999) + 1n, UTC, '0001-01-01 00:00:00 +0000 UTC'],
  ])('String() of %s', (unixNano, loc, expected) => {
    expect(goTimeString({ unixNano, loc })).toBe(expected);
  });
});

describe('parseGoTime', () => {
  // Expected: the result's String() and location name, or the error text.
  it.each<[string, string, string, string]>([
    ['2006-01-02', 'x', 'UTC', 'parsing time "x" as "2006-01-02": cannot parse "x" as "2006"'],
    ['2006-01-02', '2024-13-01', 'UTC', 'parsing time "2024-13-01": month out of range'],
    ['2006-01-02', '2024-00-01', 'UTC', 'parsing time "2024-00-01": month out of range'],
    ['2006-01-02', '2023-02-29', 'UTC', 'parsing time "2023-02-29": day out of range'],
    ['2006-01-02', '2024-02-29', 'UTC', '2024-02-29 00:00:00 +0000 UTC @ UTC'],
    ['2006-01-02', '2024-01-01 extra', 'UTC', 'parsing time "2024-01-01 extra": extra text: " extra"'],
    ['15:04', '24:00', 'UTC', 'parsing time "24:00": hour out of range'],
    ['15:04', '23:60', 'UTC', 'parsing time "23:60": minute out of range'],
    ['15:04:05', '23:59:60', 'UTC', 'parsing time "23:59:60": second out of range'],
    ['15:04:05', '10:00:00.123456789123', 'UTC', '0000-01-01 10:00:00.123456789 +0000 UTC @ UTC'],
    ['15:04:05', '10:00:00,5', 'UTC', '0000-01-01 10:00:00.5 +0000 UTC @ UTC'],
    ['3:04PM', '12:30AM', 'UTC', '0000-01-01 00:30:00 +0000 UTC @ UTC'],
    ['3:04PM', '12:30PM', 'UTC', '0000-01-01 12:30:00 +0000 UTC @ UTC'],
    ['3:04pm', '1:05pm', 'UTC', '0000-01-01 13:05:00 +0000 UTC @ UTC'],
    ['3:04pm', '0:05pm', 'UTC', '0000-01-01 12:05:00 +0000 UTC @ UTC'],
    ['3:04PM', '13:00PM', 'UTC', 'parsing time "13:00PM": hour out of range'],
    ['3:04PM', '1:00pm', 'UTC', 'parsing time "1:00pm" as "3:04PM": cannot parse "pm" as "PM"'], // 1.23
    ['03:04PM', '1:00PM', 'UTC', 'parsing time "1:00PM" as "03:04PM": cannot parse "1:00PM" as "03"'],
    ['2006 002', '2024 366', 'UTC', '2024-12-31 00:00:00 +0000 UTC @ UTC'],
    ['2006 002', '2023 366', 'UTC', 'parsing time "2023 366": day-of-year out of range'],
    ['2006 002', '2024 060', 'UTC', '2024-02-29 00:00:00 +0000 UTC @ UTC'],
    ['2006 002', '2024 61', 'UTC', 'parsing time "2024 61" as "2006 002": cannot parse "61" as "002"'],
    ['2006 __2', '2024  61', 'UTC', '2024-03-01 00:00:00 +0000 UTC @ UTC'],
    ['2006-01-02 002', '2024-03-01 061', 'UTC', '2024-03-01 00:00:00 +0000 UTC @ UTC'],
    ['2006-01-02 002', '2024-03-02 061', 'UTC', 'parsing time "2024-03-02 061": day-of-year does not match day'],
    ['2006-01-02 002', '2024-04-01 061', 'UTC', 'parsing time "2024-04-01 061": day-of-year does not match month'],
    ['2006 002', '2024 000', 'UTC', 'parsing time "2024 000": day-of-year out of range'],
    ['Jan _2', 'Feb  5', 'UTC', '0000-02-05 00:00:00 +0000 UTC @ UTC'],
    ['Jan _2', 'feb 15', 'UTC', '0000-02-15 00:00:00 +0000 UTC @ UTC'],
    ['Mon Jan 2', 'Foo Jan 2', 'UTC', 'parsing time "Foo Jan 2" as "Mon Jan 2": cannot parse "Foo Jan 2" as "Mon"'],
    ['Monday', 'tuesday', 'UTC', '0000-01-01 00:00:00 +0000 UTC @ UTC'],
    ['05.000', '05.12', 'UTC', 'parsing time "05.12" as "05.000": cannot parse ".12" as ".000"'],
    ['05.000', '05.123', 'UTC', '0000-01-01 00:00:05.123 +0000 UTC @ UTC'],
    ['05,000', '05.123', 'UTC', '0000-01-01 00:00:05.123 +0000 UTC @ UTC'],
    ['05.999', '05.1', 'UTC', '0000-01-01 00:00:05.1 +0000 UTC @ UTC'],
    ['05.999', '05', 'UTC', '0000-01-01 00:00:05 +0000 UTC @ UTC'],
    ['05.999', '05.1234567891', 'UTC', '0000-01-01 00:00:05.123456789 +0000 UTC @ UTC'], // 1.23
    ['06', '68', 'UTC', '2068-01-01 00:00:00 +0000 UTC @ UTC'],
    ['06', '69', 'UTC', '1969-01-01 00:00:00 +0000 UTC @ UTC'],
    ['2006', '0000', 'UTC', '0000-01-01 00:00:00 +0000 UTC @ UTC'],
    ['2006', '-001', 'UTC', 'parsing time "-001" as "2006": cannot parse "-001" as "2006"'],
    ['2006', '20x6', 'UTC', 'parsing time "20x6" as "2006": cannot parse "20x6" as "2006"'], // 1.23
    ['2006-01-02T15:04:05Z07:00', '2024-07-01T12:00:00-04:00', 'NY', '2024-07-01 12:00:00 -0400 EDT @ America/New_York'],
    ['2006-01-02T15:04:05Z07:00', '2024-01-01T12:00:00-04:00', 'NY', '2024-01-01 12:00:00 -0400 -0400 @ '],
    ['2006-01-02T15:04:05Z07:00', '2024-01-01T12:00:00Z', 'NY', '2024-01-01 12:00:00 +0000 UTC @ UTC'],
    // Go prints IST; Intl gives no abbreviation for India.
    ['2006-01-02T15:04:05Z07:00', '2024-01-01T12:00:00+05:30', 'KOLKATA', '2024-01-01 12:00:00 +0530 +0530 @ Asia/Kolkata'],
    ['2006-01-02 15:04:05', '2024-03-10 02:30:00', 'NY', '2024-03-10 01:30:00 -0500 EST @ America/New_York'],
    ['2006-01-02 15:04:05', '2024-11-03 01:30:00', 'NY', '2024-11-03 01:30:00 -0400 EDT @ America/New_York'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 EST', 'NY', '2024-01-15 10:00:00 -0500 EST @ America/New_York'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 EDT', 'NY', '2024-01-15 09:00:00 -0500 EST @ America/New_York'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 UTC', 'NY', '2024-01-15 10:00:00 +0000 UTC @ UTC'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 CET', 'NY', '2024-01-15 10:00:00 +0000 CET @ CET'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 GMT+5', 'UTC', '2024-01-15 15:00:00 +0500 GMT+5 @ GMT+5'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 +11', 'LORD_HOWE', '2024-01-15 10:00:00 +1100 +11 @ Australia/Lord_Howe'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 +1030', 'LORD_HOWE', 'parsing time "2024-01-15 10:00:00 +1030" as "2006-01-02 15:04:05 MST": cannot parse "+1030" as "MST"'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 ChST', 'UTC', '2024-01-15 10:00:00 +0000 ChST @ ChST'],
    ['2006-01-02 15:04:05 MST', '2024-01-15 10:00:00 Est', 'UTC', 'parsing time "2024-01-15 10:00:00 Est" as "2006-01-02 15:04:05 MST": cannot parse "Est" as "MST"'],
    ['2006-01-02 15:04:05 -0700 MST', '2024-01-15 10:00:00 -0500 EST', 'NY', '2024-01-15 10:00:00 -0500 EST @ America/New_York'],
    ['2006-01-02 15:04:05 -0700 MST', '2024-01-15 10:00:00 -0500 XYZ', 'NY', '2024-01-15 10:00:00 -0500 XYZ @ XYZ'],
    // -1 is Go's "no offset seen" marker, so an offset of one second west is ignored.
    ['15:04 -07:00:00', '10:00 -00:00:01', 'UTC', '0000-01-01 10:00:00 +0000 UTC @ UTC'],
    ['15:04 -07:00:00', '10:00 +05:30:15', 'UTC', '0000-01-01 10:00:00 +0530 +0530 @ '],
    ['15:04 Z07', '10:00 -03', 'UTC', '0000-01-01 10:00:00 -0300 -0300 @ '],
    ['15:04 Z07:00:00', '10:00 Z', 'NY', '0000-01-01 10:00:00 +0000 UTC @ UTC'], // 1.23
    ['15:04 -07:00', '10:00 +25:00', 'UTC', 'parsing time "10:00 +25:00": time zone offset hour out of range'], // 1.23
    ['Jan  2', 'Jan 2', 'UTC', '0000-01-02 00:00:00 +0000 UTC @ UTC'],
    ['Jan 2', 'Jan    2', 'UTC', '0000-01-02 00:00:00 +0000 UTC @ UTC'],
    ['Jan 2', 'Jan2', 'UTC', 'parsing time "Jan2" as "Jan 2": cannot parse "2" as " "'],
    // time's own quoting: every byte outside printable ASCII as \xNN.
    ['2006-01-02', '2024-01-01é', 'UTC', 'parsing time "2024-01-01\\xc3\\xa9": extra text: "\\xc3\\xa9"'],
    ['2006-01-02\n', '2024-01-01\t"', 'UTC', 'parsing time "2024-01-01\\x09\\"" as "2006-01-02\\x0a": cannot parse "\\x09\\"" as "\\x0a"'],
  ])('%j %j in %s', (layout, value, zone, expected) => {
    const r = parseGoTime(layout, value, locations[zone]);
    expect('time' in r ? `${goTimeString(r.time)} @ ${r.time.loc.name}` : r.error).toBe(expected);
  });

  it('round-trips what it formats', () => {
    const layout = '2006-01-02T15:04:05.999999999 MST Z07:00:00';
    for (const unixNano of [REF, utc(2024, 3, 10, 7), utc(2024, 11, 3, 5, 30), utc(2024, 11, 3, 6, 30), utc(9999, 7, 1)]) {
      const r = parseGoTime(layout, formatGoTime({ unixNano, loc: NY }, layout), NY);
      expect(r).toEqual({ time: { unixNano, loc: NY } });
    }
  });
});

describe('loadLocation', () => {
  it.each<[string, string | undefined]>([
    ['', 'UTC'],
    ['UTC', 'UTC'],
    ['Local', 'Local'],
    ['America/New_York', 'America/New_York'],
    ['Asia/Calcutta', 'Asia/Calcutta'],
    ['Nowhere/City', undefined],
    ['america/new_york', undefined],
    ['utc', undefined],
    ['+05:00', undefined],
    ['../etc/passwd', undefined],
  ])('%j', (name, expected) => {
    expect(loadLocation(name)?.name).toBe(expected);
  });

  it('Local behaves as UTC', () => {
    expect(formatGoTime({ unixNano: REF, loc: loadLocation('Local')! }, '15:04 MST -0700')).toBe('15:04 UTC +0000');
  });
});
