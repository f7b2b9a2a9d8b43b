import { describe, expect, it } from 'vitest';
import { execute, newTemplateSet, parseTemplate, sprigFunctions } from '../index.ts';

function run(text: string) {
  const parsed = parseTemplate(newTemplateSet(sprigFunctions()), 't', text);
  if (!parsed.ok) return { error: parsed.error.message };
  const r = execute(parsed.set, 't', null);
  return r.ok ? { output: r.output } : { error: r.error.message };
}

// Recorded from Go 1.19 text/template with sprig's TxtFuncMap (Debian's golang-github-masterminds-sprig-dev,
// whose date.go is sprig v3.3.0's); istiod's Local zone is UTC.
const cases: [string, { output: string } | { error: string }][] = [
  ["{{ date \"2006-01-02\" 0 }}", { output: "1970-01-01" }],
  ["{{ dateInZone \"2006-01-02 15:04 MST\" (int64 1700000000) \"UTC\" }}", { output: "2023-11-14 22:13 UTC" }],
  ["{{ htmlDateInZone (int64 1700000000) \"Asia/Kolkata\" }}", { output: "2023-11-15" }],
  ["{{ dateInZone \"2006-01-02 15:04 MST -0700\" (int64 1700000000) \"America/New_York\" }}", { output: "2023-11-14 17:13 EST -0500" }],
  ["{{ dateInZone \"15:04 MST\" (int64 1700000000) \"Nowhere/Land\" }}", { output: "22:13 UTC" }],
  ["{{ toDate \"2006-01-02\" \"2017-12-31\" | date \"02/01/2006\" }}", { output: "31/12/2017" }],
  ["{{ toDate \"2006-01-02\" \"nope\" }}", { output: "0001-01-01 00:00:00 +0000 UTC" }],
  ["{{ mustToDate \"2006-01-02\" \"nope\" }}", { error: "template: t:1:3: executing \"t\" at <mustToDate \"2006-01-02\" \"nope\">: error calling mustToDate: parsing time \"nope\" as \"2006-01-02\": cannot parse \"nope\" as \"2006\"" }],
  ["{{ toDate \"2006-01-02\" \"2017-12-31\" }}", { output: "2017-12-31 00:00:00 +0000 UTC" }],
  ["{{ dateModify \"1.5h\" (toDate \"2006-01-02\" \"2020-01-01\") | date \"2006-01-02 15:04\" }}", { output: "2020-01-01 01:30" }],
  ["{{ dateModify \"x\" (toDate \"2006-01-02\" \"2020-01-01\") | date \"2006-01-02 15:04\" }}", { output: "2020-01-01 00:00" }],
  ["{{ mustDateModify \"x\" (toDate \"2006-01-02\" \"2020-01-01\") }}", { error: "template: t:1:3: executing \"t\" at <mustDateModify \"x\" (toDate \"2006-01-02\" \"2020-01-01\")>: error calling mustDateModify: time: invalid duration \"x\"" }],
  ["{{ duration \"95\" }}|{{ duration 95 }}|{{ duration (int64 95) }}|{{ duration \"x\" }}|{{ duration \"99999999999999999999\" }}", { output: "1m35s|0s|1m35s|0s|-1s" }],
  ["{{ durationRound \"2h10m\" }}|{{ durationRound \"-25h\" }}|{{ durationRound \"\" }}|{{ durationRound (int64 5000000000) }}|{{ durationRound \"800h\" }}|{{ durationRound \"9000h\" }}", { output: "2h|1d|0s|5s|1mo|1y" }],
  ["{{ unixEpoch (toDate \"2006-01-02\" \"2017-12-31\") }}", { output: "1514678400" }],
  ["{{ (toDate \"2006-01-02\" \"2017-12-31\").Year }} {{ (toDate \"2006-01-02\" \"2017-12-31\").Month }} {{ (toDate \"2006-01-02\" \"2017-12-31\").Weekday }} {{ (toDate \"2006-01-02\" \"2017-12-31\").YearDay }}", { output: "2017 December Sunday 365" }],
  ["{{ toJson (toDate \"2006-01-02\" \"2017-12-31\") }}", { output: "\"2017-12-31T00:00:00Z\"" }],
  ["{{ toDate \"2006-01-02T15:04:05Z07:00\" \"2017-12-31T10:00:00+05:30\" }}", { output: "2017-12-31 10:00:00 +0530 +0530" }],
  ["{{ toDate \"2006-01-02T15:04:05.000Z07:00\" \"2017-12-31T10:00:00.123-08:00\" | unixEpoch }}", { output: "1514743200" }],
  ["{{ dateInZone \"Mon Jan _2 15:04:05.000000 2006\" (int64 -1) \"UTC\" }}", { output: "Wed Dec 31 23:59:59.000000 1969" }],
  ["{{ unixEpoch \"x\" }}", { error: "template: t:1:13: executing \"t\" at <\"x\">: can't handle \"x\" for arg of type time.Time" }],
  ["{{ dateModify \"1h\" \"x\" }}", { error: "template: t:1:19: executing \"t\" at <\"x\">: can't handle \"x\" for arg of type time.Time" }],
  ["{{ (toDate \"2006-01-02\" \"2017-12-31\").UTC }}", { output: "2017-12-31 00:00:00 +0000 UTC" }],
  ["{{ (toDate \"2006-01-02\" \"2017-12-31\").Unix }}", { output: "1514678400" }],
  ["{{ (toDate \"2006-01-02\" \"2017-12-31\").IsZero }} {{ (toDate \"2006\" \"x\").IsZero }}", { output: "false true" }],
];

describe('sprig date functions', () => {
  it.each(cases)('%s', (text, expected) => {
    expect(run(text)).toEqual(expected);
  });

  it('reads this machine\'s clock for now', () => {
    expect(run('{{ now | date "2006" }}')).toEqual({ output: String(new Date().getUTCFullYear()) });
    expect(run('{{ ago now }}')).toEqual({ output: '0s' });
    expect(run('{{ now | unixEpoch }}').output).toMatch(/^\d{10}$/);
  });
});

describe('sprig functions meshsim does not simulate', () => {
  it('parse as in istiod, and say so when called', () => {
    const text = '{{ if false }}{{ genSignedCert "a" nil nil 365 (genCA "ca" 365) }}{{ bcrypt "x" }}{{ getHostByName "h" }}{{ end }}ok';
    expect(run(text)).toEqual({ output: 'ok' });
    expect(run('{{ genCA "ca" 365 }}').error).toMatch(/error calling genCA: meshsim does not simulate this: it generates a new private key/);
  });

  it('makes random bytes for real', () => {
    const r = run('{{ randBytes 16 }}');
    expect(r.output).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(run('{{ randBytes 16 }}').output).not.toBe(r.output);
  });
});
