import { describe, expect, it } from 'vitest';
import { ISTIO_IPTABLES_FLAGS } from '../iptables/flags.ts';
import { parseFlags } from './pflag.ts';

const parse = (...argv: string[]) => {
  const p = parseFlags(argv, ISTIO_IPTABLES_FLAGS);
  return { set: p.settings.map((s) => [s.flag.name, s.value]), positional: p.positional, error: p.error?.message, help: p.helpRequested };
};

describe('pflag parsing of the istio-iptables command line', () => {
  it.each([
    ['short with separate value', ['-p', '15001'], [['envoy-port', '15001']]],
    ['short with attached value', ['-p15001'], [['envoy-port', '15001']]],
    ['short with =', ['-p=15001'], [['envoy-port', '15001']]],
    ['"-p=" keeps the "=" as the value', ['-p='], [['envoy-port', '=']]],
    ['long with separate value', ['--envoy-port', '1'], [['envoy-port', '1']]],
    ['long with =', ['--envoy-port=1'], [['envoy-port', '1']]],
    ['long with empty = value', ['--istio-service-cidr='], [['istio-service-cidr', '']]],
    ['"" is a real value', ['-x', ''], [['istio-service-exclude-cidr', '']]],
    ['a value may start with a dash', ['-b', '-5'], [['istio-inbound-ports', '-5']]],
    ['bool flag takes no value', ['--redirect-dns', 'x'], [['redirect-dns', true]]],
    ['bool flag with =false', ['--redirect-dns=false'], [['redirect-dns', false]]],
    ['bool flag with =0', ['--drop-invalid=0'], [['drop-invalid', false]]],
    ['clustered bool then valued shorthand', ['-nb', '*'], [['dry-run', true], ['istio-inbound-ports', '*']]],
    ['clustered bool then attached value', ['-nb*'], [['dry-run', true], ['istio-inbound-ports', '*']]],
    ['short bool with =', ['-n=false'], [['dry-run', false]]],
    ['later flags win (both recorded in order)', ['-p', '1', '-p', '2'], [['envoy-port', '1'], ['envoy-port', '2']]],
    ['uint16 accepts a base prefix', ['--iptables-probe-port', '0x10'], [['iptables-probe-port', 16]]],
    ['duration', ['--probe-timeout', '1m30s'], [['probe-timeout', '1m30s']]],
  ])('%s', (_, argv, expected) => {
    const r = parse(...argv);
    expect(r.error).toBeUndefined();
    expect(r.set).toEqual(expected);
  });

  it('"--" ends the flags; later words are positional', () => {
    expect(parse('-p', '1', '--', '-z', '2')).toMatchObject({ set: [['envoy-port', '1']], positional: ['-z', '2'] });
  });

  it('non-flag words are positional and parsing continues', () => {
    expect(parse('foo', '-p', '1', '', '-')).toMatchObject({ set: [['envoy-port', '1']], positional: ['foo', '', '-'] });
  });

  it.each([
    [['--nope'], 'unknown flag: --nope'],
    [['-y'], "unknown shorthand flag: 'y' in -y"],
    [['-ny'], "unknown shorthand flag: 'y' in -y"],
    [['-p'], "flag needs an argument: 'p' in -p"],
    [['--envoy-port'], 'flag needs an argument: --envoy-port'],
    [['---x'], 'bad flag syntax: ---x'],
    [['--=x'], 'bad flag syntax: --=x'],
    [['--redirect-dns=yes'], 'invalid argument "yes" for "--redirect-dns" flag: strconv.ParseBool: parsing "yes": invalid syntax'],
    [['-n=maybe'], 'invalid argument "maybe" for "-n, --dry-run" flag: strconv.ParseBool: parsing "maybe": invalid syntax'],
    [['--iptables-probe-port', '70000'], 'invalid argument "70000" for "--iptables-probe-port" flag: strconv.ParseUint: parsing "70000": value out of range'],
    [['--probe-timeout', '5'], 'invalid argument "5" for "--probe-timeout" flag: time: missing unit in duration "5"'],
    [['--probe-timeout', '5x'], 'invalid argument "5x" for "--probe-timeout" flag: time: unknown unit "x" in duration "5x"'],
    [['--probe-timeout', '.s'], 'invalid argument ".s" for "--probe-timeout" flag: time: invalid duration ".s"'],
  ])('%j is an error', (argv, message) => {
    expect(parse(...argv).error).toBe(message);
  });

  it('-h and --help ask for help', () => {
    expect(parse('-h').help).toBe(true);
    expect(parse('--help').help).toBe(true);
  });
});
