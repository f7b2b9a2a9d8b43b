/**
 * The "kernel view": what `iptables-save` (iptables 1.8, nf_tables backend) prints after an
 * iptables-restore payload is loaded into an empty network namespace. Inserts are applied, each
 * rule is printed in the kernel's canonical form (basic matches first, implicit `-m tcp`, masked
 * addresses, hex marks, spelled-out target defaults, numeric owner ids), tables in the backend's
 * fixed order, built-in chains first, user chains sorted by name. Comments and counters are omitted.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { formatAddr, maskPrefix, parseAddr, parsePrefix, type IpAddr } from './netip.ts';
import { parseRuleParts, splitWords, type RuleMatch, type RuleOption, type RuleParts } from './ruleParts.ts';

export interface KernelViewOptions {
  family: 'v4' | 'v6';
  /** Group name → gid, for `--gid-owner name`. */
  groups?: Record<string, number>;
  /** User name → uid, for `--uid-owner name`. */
  users?: Record<string, string>;
}

/** One rule as the kernel holds it, with the payload line it came from (for linking back to provenance). */
export interface KernelRule {
  text: string;
  payloadLine: number;
}

export interface KernelChain {
  name: string;
  builtin: boolean;
  rules: KernelRule[];
}

export interface KernelTable {
  name: string;
  chains: KernelChain[];
}

export interface KernelView {
  text: string;
  /** The same, structured: tables and chains in iptables-save order, inserts applied. */
  tables: KernelTable[];
  diagnostics: Diagnostic[];
}

const BUILTIN_CHAINS: Record<string, string[]> = {
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  security: ['INPUT', 'FORWARD', 'OUTPUT'],
  raw: ['PREROUTING', 'OUTPUT'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
};
/** The nf_tables backend lists tables in this order. */
const TABLE_ORDER = ['mangle', 'security', 'raw', 'filter', 'nat'];
const STANDARD_TARGETS = new Set(['ACCEPT', 'DROP', 'RETURN', 'QUEUE']);
const MAX_LINES = 100_000;

interface TableState {
  chains: Map<string, KernelRule[]>;
}

/** Loads a payload (as iptables-restore --noflush would into an empty netns) and prints iptables-save. */
export function kernelView(payload: string, opts: KernelViewOptions): KernelView {
  const diags: Diagnostic[] = [];
  const tables = new Map<string, TableState>();
  let current: TableState | undefined;
  let currentName = '';
  const lines = payload.split('\n');
  if (lines.length > MAX_LINES) {
    return { text: '', tables: [], diagnostics: [diagnostic('iptables', 'error', `payload too long (${lines.length} lines; at most ${MAX_LINES})`)] };
  }
  const problem = (lineNo: number, message: string) =>
    diags.push(diagnostic('iptables', 'error', `${opts.family === 'v6' ? 'ip6tables' : 'iptables'}-restore line ${lineNo}: ${message}`, { input: 'payload', line: lineNo, column: 1 }));

  lines.forEach((raw, idx) => {
    const lineNo = idx + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('*')) {
      currentName = line.slice(1).trim();
      if (!BUILTIN_CHAINS[currentName]) {
        problem(lineNo, `unknown table ${JSON.stringify(currentName)}`);
        current = undefined;
        return;
      }
      current = tables.get(currentName);
      if (!current) {
        current = { chains: new Map(BUILTIN_CHAINS[currentName].map((c) => [c, []])) };
        tables.set(currentName, current);
      }
      return;
    }
    if (line === 'COMMIT') {
      current = undefined;
      return;
    }
    if (!current) {
      problem(lineNo, 'rule outside a table block');
      return;
    }
    const words = splitWords(line);
    const [op, chain] = words;
    if (line.startsWith(':')) {
      const name = words[0].slice(1);
      if (!current.chains.has(name)) current.chains.set(name, []);
      return;
    }
    if (op === '-N' || op === '--new-chain') {
      if (!chain) problem(lineNo, '-N needs a chain name');
      else if (current.chains.has(chain)) problem(lineNo, `chain ${chain} already exists`);
      else current.chains.set(chain, []);
      return;
    }
    if (op !== '-A' && op !== '--append' && op !== '-I' && op !== '--insert') {
      problem(lineNo, `unsupported command ${JSON.stringify(op)}`);
      return;
    }
    const rules = chain ? current.chains.get(chain) : undefined;
    if (!rules) {
      problem(lineNo, `chain ${JSON.stringify(chain ?? '')} does not exist in table ${currentName}`);
      return;
    }
    let rest = words.slice(2);
    let position = rules.length + 1;
    if (op === '-I' || op === '--insert') {
      position = 1;
      if (rest.length && /^[0-9]+$/.test(rest[0])) {
        position = Number(rest[0]);
        rest = rest.slice(1);
      }
      if (position < 1 || position > rules.length + 1) {
        problem(lineNo, `index of insertion too big: ${position} (chain ${chain} has ${rules.length} rules)`);
        return;
      }
    }
    const parts = parseRuleParts(rest);
    for (const p of parts.problems) problem(lineNo, p);
    const target = parts.target?.name;
    if (target && !STANDARD_TARGETS.has(target) && /^[A-Z0-9_]+$/.test(target) && !isExtensionTarget(target) && !current.chains.has(target)) {
      problem(lineNo, `jump to chain ${target}, which does not exist in table ${currentName}`);
      return;
    }
    const text = renderRule(parts, opts, (m) => problem(lineNo, m));
    rules.splice(position - 1, 0, { text: `-A ${chain}${text ? ' ' + text : ''}`, payloadLine: lineNo });
  });

  const names = [...tables.keys()].sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0));
  let out = '';
  const structured: KernelTable[] = [];
  for (const name of names) {
    const t = tables.get(name)!;
    const builtins = BUILTIN_CHAINS[name];
    const users = [...t.chains.keys()].filter((c) => !builtins.includes(c)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    out += `*${name}\n`;
    for (const c of builtins) out += `:${c} ACCEPT\n`;
    for (const c of users) out += `:${c} -\n`;
    for (const c of [...builtins, ...users]) for (const r of t.chains.get(c)!) out += `${r.text}\n`;
    out += 'COMMIT\n';
    structured.push({ name, chains: [...builtins, ...users].map((c) => ({ name: c, builtin: builtins.includes(c), rules: t.chains.get(c)! })) });
  }
  return { text: out, tables: structured, diagnostics: diags };
}

function order(table: string): number {
  const i = TABLE_ORDER.indexOf(table);
  return i < 0 ? TABLE_ORDER.length : i;
}

const EXTENSION_TARGETS = new Set(['REDIRECT', 'TPROXY', 'MARK', 'CONNMARK', 'CT', 'DNAT', 'SNAT', 'MASQUERADE', 'LOG', 'REJECT', 'NOTRACK', 'TRACE', 'NFLOG', 'TEE', 'TCPMSS', 'DSCP', 'TOS', 'CLASSIFY']);
function isExtensionTarget(name: string): boolean {
  return EXTENSION_TARGETS.has(name);
}

const BASIC_ORDER = ['-s', '-d', '-i', '-o', '-p'];

/** One rule in iptables-save's canonical form (without "-A CHAIN"). */
export function renderRule(parts: RuleParts, opts: KernelViewOptions, problem: (m: string) => void): string {
  const out: string[] = [];
  for (const name of BASIC_ORDER) {
    for (const o of parts.basic.filter((b) => b.name === name)) {
      const v = name === '-s' || name === '-d' ? renderAddress(o.values[0], opts.family, problem) : name === '-p' ? renderProtocol(o.values[0]) : o.values[0];
      if ((name === '-i' || name === '-o') && v.length > 15) problem(`interface name ${JSON.stringify(v)} must be shorter than IFNAMSIZ (16)`);
      out.push(...(o.negated ? ['!', name, v] : [name, v]));
    }
  }
  for (const m of parts.matches) out.push('-m', m.module, ...renderMatch(m, opts, problem));
  if (parts.target) out.push('-j', parts.target.name, ...renderTarget(parts.target.name, parts.target.options, opts.family, problem));
  return out.join(' ');
}

function renderAddress(text: string, family: 'v4' | 'v6', problem: (m: string) => void): string {
  const p = text.includes('/') ? parsePrefix(text) : mapParsed(parseAddr(text));
  if (!p.ok) {
    problem(`host/network ${JSON.stringify(text)} not found`);
    return text;
  }
  if ((p.value.addr.family === 4) !== (family === 'v4')) {
    problem(`${text} is not an ${family === 'v4' ? 'IPv4' : 'IPv6'} address`);
    return text;
  }
  const masked = maskPrefix(p.value);
  return `${family === 'v4' ? formatAddr(masked.addr) : formatInetNtop6(masked.addr)}/${masked.bits}`;
}

function mapParsed(a: ReturnType<typeof parseAddr>): ReturnType<typeof parsePrefix> {
  return a.ok ? { ok: true, value: { addr: a.value, bits: a.value.family === 4 ? 32 : 128 } } : a;
}

/**
 * IPv6 text as glibc's inet_ntop prints it: like Go's, except that an IPv4-compatible address
 * (96 zero bits, then a non-zero word) prints its last 32 bits in dotted form (::127.0.0.53).
 */
export function formatInetNtop6(a: IpAddr): string {
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push((a.bytes[i] << 8) | a.bytes[i + 1]);
  const leadingZeros = words.findIndex((w) => w !== 0);
  if (leadingZeros === 6 || (leadingZeros === 5 && words[5] === 0xffff)) {
    const v4 = a.bytes.slice(12).join('.');
    return leadingZeros === 6 ? `::${v4}` : `::ffff:${v4}`;
  }
  return formatAddr({ family: 6, bytes: a.bytes });
}

const PROTOCOL_NAMES: Record<string, string> = { '6': 'tcp', '17': 'udp', '1': 'icmp', '58': 'ipv6-icmp', '132': 'sctp' };
function renderProtocol(p: string): string {
  const lower = p.toLowerCase();
  return PROTOCOL_NAMES[lower] ?? lower;
}

const neg = (o: RuleOption, name = o.name) => (o.negated ? ['!', name] : [name]);

function renderMatch(m: RuleMatch, opts: KernelViewOptions, problem: (m: string) => void): string[] {
  const out: string[] = [];
  switch (m.module) {
    case 'tcp':
    case 'udp': {
      const alias = (n: string) => (n === '--source-port' ? '--sport' : n === '--destination-port' ? '--dport' : n);
      const ordered = [...m.options].sort((a, b) => rank(alias(a.name)) - rank(alias(b.name)));
      for (const o of ordered) {
        const isPort = ['--sport', '--dport'].includes(alias(o.name));
        out.push(...neg(o, alias(o.name)), ...(isPort ? [portRangeText(o.values[0], problem)] : o.values));
      }
      return out;
    }
    case 'multiport':
      for (const o of m.options) {
        const ports = o.values[0].split(',');
        if (ports.length > 15) problem(`too many ports specified (${ports.length}; multiport takes at most 15)`);
        out.push(...neg(o), ...(['--dports', '--sports', '--ports', '--destination-ports', '--source-ports'].includes(o.name) ? [ports.map((p) => portRangeText(p, problem)).join(',')] : o.values));
      }
      return out;
    case 'owner': {
      const ranked = [...m.options].sort((a, b) => ownerRank(a.name) - ownerRank(b.name));
      for (const o of ranked) {
        const v = o.values[0];
        if (o.name === '--uid-owner') out.push(...neg(o), resolveId(v, opts.users, 'user', problem));
        else if (o.name === '--gid-owner') out.push(...neg(o), resolveId(v, opts.groups ? mapValues(opts.groups) : undefined, 'group', problem));
        else out.push(...neg(o), ...o.values);
      }
      return out;
    }
    case 'conntrack':
      for (const o of m.options) out.push(...neg(o), ...(o.name === '--ctstate' ? [orderStates(o.values[0])] : o.values));
      return out;
    case 'mark':
    case 'connmark':
      for (const o of m.options) out.push(...neg(o), ...(o.name === '--mark' ? [checkedMark(o.values[0], false, problem)] : o.values));
      return out;
    default:
      for (const o of m.options) out.push(...neg(o), ...o.values);
      return out;
  }
}

const rank = (n: string) => ['--sport', '--dport'].indexOf(n) + 1 || 3;
const ownerRank = (n: string) => ['--uid-owner', '--gid-owner', '--socket-exists'].indexOf(n) + 1 || 4;

function mapValues(r: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]));
}

function resolveId(v: string, table: Record<string, string> | undefined, what: string, problem: (m: string) => void): string {
  if (/^[0-9]+(-[0-9]+)?$/.test(v)) return v;
  const id = table?.[v];
  if (id === undefined) {
    problem(`${what} ${JSON.stringify(v)} is unknown on this machine`);
    return v;
  }
  return id;
}

const STATE_ORDER = ['INVALID', 'NEW', 'RELATED', 'ESTABLISHED', 'UNTRACKED', 'SNAT', 'DNAT'];
function orderStates(list: string): string {
  const states = list.split(',').map((s) => s.toUpperCase());
  return [...new Set(states)].sort((a, b) => STATE_ORDER.indexOf(a) - STATE_ORDER.indexOf(b)).join(',');
}

/** strtoul(s, 0): decimal, 0x hex or 0 octal. */
function parseNumber(s: string): number | undefined {
  if (/^0[xX][0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^0[0-7]*$/.test(s)) return parseInt(s, 8) || 0;
  if (/^[1-9][0-9]*$/.test(s)) return Number(s);
  return undefined;
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** The few /etc/services names a port option may use; iptables stores and prints the number. */
const SERVICES: Record<string, number> = { ssh: 22, domain: 53, http: 80, https: 443, mysql: 3306, postgresql: 5432, redis: 6379 };

/** A port ("80", "0x50", "http") or range ("1000:2000") as iptables stores it; a bad one is reported. */
function portRangeText(text: string, problem: (m: string) => void): string {
  const parts = text.split(':');
  if (parts.length > 2) {
    problem(`invalid port range ${JSON.stringify(text)}`);
    return text;
  }
  const nums = parts.map((p, i) => (p === '' ? (i === 0 ? 0 : 65535) : parseNumber(p) ?? SERVICES[p]));
  if (nums.some((n) => n === undefined || n > 65535)) {
    problem(`invalid port/service ${JSON.stringify(text)} specified`);
    return text;
  }
  if (nums.length === 2 && nums[0]! > nums[1]!) problem(`invalid port range ${JSON.stringify(text)} (min > max)`);
  return nums.length === 2 && nums[0] !== nums[1] ? `${nums[0]}:${nums[1]}` : String(nums[0]);
}

function checkedMark(text: string, alwaysMask: boolean, problem: (m: string) => void): string {
  const [v, m, extra] = text.split('/');
  if (extra !== undefined || parseNumber(v) === undefined || (m !== undefined && parseNumber(m) === undefined) || parseNumber(v)! > 0xffffffff) {
    problem(`bad mark value ${JSON.stringify(text)}`);
    return text;
  }
  return markText(text, alwaysMask);
}

/** "1337" → "0x539", "1337/0xffffffff" → "0x539/0xffffffff" (withMask) or "0x539" (a full mask is implied). */
function markText(text: string, alwaysMask: boolean): string {
  const [v, m] = text.split('/');
  const value = parseNumber(v);
  const mask = m === undefined ? 0xffffffff : parseNumber(m);
  if (value === undefined || mask === undefined) return text;
  return alwaysMask || mask !== 0xffffffff ? `${hex(value)}/${hex(mask)}` : hex(value);
}

function renderTarget(name: string, options: RuleOption[], family: 'v4' | 'v6', problem: (m: string) => void): string[] {
  const get = (...names: string[]) => options.find((o) => names.includes(o.name));
  switch (name) {
    case 'REDIRECT': {
      const out: string[] = [];
      const ports = get('--to-ports', '--to-port');
      if (ports) out.push('--to-ports', ports.values[0]);
      for (const o of options) if (o.name !== '--to-ports' && o.name !== '--to-port') out.push(o.name, ...o.values);
      return out;
    }
    case 'MARK': {
      const set = get('--set-mark', '--set-xmark');
      if (set) return ['--set-xmark', checkedMark(set.values[0], true, problem)];
      return options.flatMap((o) => [o.name, ...o.values]);
    }
    case 'CONNMARK': {
      for (const mode of ['--save-mark', '--restore-mark']) {
        if (get(mode)) {
          const nf = get('--nfmask', '--mask');
          const ct = get('--ctmask', '--mask');
          return [mode, '--nfmask', markText(nf?.values[0] ?? '0xffffffff', false).split('/')[0], '--ctmask', markText(ct?.values[0] ?? '0xffffffff', false).split('/')[0]];
        }
      }
      const set = get('--set-mark', '--set-xmark');
      if (set) return ['--set-xmark', markText(set.values[0], true)];
      return options.flatMap((o) => [o.name, ...o.values]);
    }
    case 'TPROXY': {
      const port = get('--on-port');
      if (!port) problem('TPROXY needs --on-port');
      const ip = get('--on-ip');
      const mark = get('--tproxy-mark');
      return [
        '--on-port', port?.values[0] ?? '0',
        '--on-ip', ip?.values[0] ?? (family === 'v4' ? '0.0.0.0' : '::'),
        '--tproxy-mark', mark ? checkedMark(mark.values[0], true, problem) : '0x0/0x0',
      ];
    }
    default:
      return options.flatMap((o) => [...(o.negated ? ['!'] : []), o.name, ...o.values]);
  }
}
