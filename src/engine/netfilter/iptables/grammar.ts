/**
 * The iptables rule grammar: the words after `-A CHAIN` / `-I CHAIN [n]` in, a typed Rule out.
 * Options are read as iptables reads them: basic matches (-p -s -d -i -o), `-m` match modules
 * with their options (an option no loaded module takes loads the protocol's module implicitly, as
 * `-p tcp --dport 80` does), and one target with its options. This is the only place iptables
 * rule text is parsed; generated rules never pass through it.
 */
import type { AddressFamily, CtState, Match, MatchBase, Rule, Statement, Written } from '../model.ts';
import {
  parseCtStates, parseHostOrNetwork, parseMark, parsePortRange, parseProtocol, parseUint, writtenAddr, writtenId, writtenMark, writtenNumber,
} from '../values.ts';
import type { Token } from '../lexer.ts';

export interface GrammarError {
  message: string;
  /** 1-based column of the word at fault within the line. */
  column: number;
}

export interface ParsedRule {
  rule: Rule;
  errors: GrammarError[];
}

/** Match modules the model knows, and the option names each takes. */
const MODULE_OPTIONS: Record<string, readonly string[]> = {
  tcp: ['--dport', '--destination-port', '--sport', '--source-port', '--syn', '--tcp-flags'],
  udp: ['--dport', '--destination-port', '--sport', '--source-port'],
  multiport: ['--dports', '--destination-ports', '--sports', '--source-ports', '--ports'],
  owner: ['--uid-owner', '--gid-owner', '--socket-exists', '--suppl-groups'],
  mark: ['--mark'],
  connmark: ['--mark'],
  conntrack: ['--ctstate'],
  state: ['--state'],
  socket: ['--transparent', '--nowildcard', '--restore-skmark'],
  addrtype: ['--src-type', '--dst-type', '--limit-iface-in', '--limit-iface-out'],
  comment: ['--comment'],
  set: ['--match-set'],
};

/** Commands, not options: one inside a rule's words means the line holds more than one rule. */
const COMMANDS = new Set(['-A', '--append', '-I', '--insert', '-D', '--delete', '-R', '--replace', '-N', '--new-chain', '-X', '--delete-chain', '-F', '--flush', '-P', '--policy', '-Z', '--zero', '-E', '--rename-chain', '-L', '--list', '-S', '--list-rules']);

const STANDARD_TARGETS: Record<string, 'accept' | 'drop' | 'return' | 'reject'> = { ACCEPT: 'accept', DROP: 'drop', RETURN: 'return', REJECT: 'reject' };
const EXTENSION_TARGETS = new Set(['REDIRECT', 'TPROXY', 'DNAT', 'SNAT', 'MASQUERADE', 'MARK', 'CONNMARK', 'CT', 'NOTRACK', 'LOG']);
const ADDR_TYPES = ['UNSPEC', 'UNICAST', 'LOCAL', 'BROADCAST', 'ANYCAST', 'MULTICAST', 'BLACKHOLE', 'UNREACHABLE', 'PROHIBIT', 'THROW', 'NAT', 'XRESOLVE'];
const TCP_FLAGS = ['SYN', 'ACK', 'FIN', 'RST', 'URG', 'PSH'];
const FULL = 0xffffffff;

interface Instance {
  module: string;
  ext: number;
  implicit: boolean;
  /** How many conditions were read before the module was loaded: where it sits in the rule. */
  at: number;
}

/** Reads one rule's words; never throws. Problems come back with the column of the word at fault. */
export function parseRuleWords(tokens: readonly Token[], family: AddressFamily): ParsedRule {
  const matches: Match[] = [];
  const statements: Statement[] = [];
  const errors: GrammarError[] = [];
  const instances: Instance[] = [];
  let proto: number | undefined;
  let current: Instance | undefined;
  let target: string | undefined;
  let targetStatement: Statement | undefined;
  const targetSeen = new Set<string>();
  let invert = false;
  let i = 0;

  const fail = (message: string, tok: Token | undefined) => errors.push({ message, column: tok?.column ?? 1 });
  const next = (opt: Token): Token | undefined => {
    const v = tokens[i + 1];
    if (!v) {
      fail(`option ${opt.text} needs a value`, opt);
      return undefined;
    }
    i++;
    return v;
  };
  const base = (negate: boolean, ext?: Instance): MatchBase => {
    const b: MatchBase = { negate };
    if (ext) b.ext = ext.ext;
    if (ext && (ext.module === 'state' || ((ext.module === 'tcp' || ext.module === 'udp') && !ext.implicit))) b.module = ext.module;
    return b;
  };
  const load = (module: string, implicit: boolean): Instance => {
    const inst = { module, ext: instances.length + 1, implicit, at: matches.length };
    instances.push(inst);
    return inst;
  };

  for (; i < tokens.length; i++) {
    const tok = tokens[i];
    const t = tok.text;
    if (t === '!') {
      if (invert) fail('"!" twice in a row', tok);
      invert = true;
      continue;
    }
    const negate = invert;
    invert = false;
    switch (t) {
      case '-p': case '--protocol': {
        const v = next(tok);
        if (!v) continue;
        const n = parseProtocol(v.text);
        if (n === undefined) fail(`unknown protocol "${v.text}"`, v);
        else {
          matches.push({ negate, kind: 'l4proto', proto: { text: v.text, value: n } });
          proto = negate ? undefined : n;
        }
        continue;
      }
      case '-s': case '--source': case '--src': case '-d': case '--destination': case '--dst': {
        const v = next(tok);
        if (!v) continue;
        if (v.text.includes(',')) {
          fail(`address lists ("${v.text}") make one kernel rule per address; write one rule per address`, v);
          continue;
        }
        const p = parseHostOrNetwork(v.text, family);
        if (!p) fail(`"${v.text}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or network (host/network not found)`, v);
        else matches.push({ negate, kind: 'addr', dir: t.startsWith('-s') || t.startsWith('--s') ? 'src' : 'dst', family, prefixes: [{ text: v.text, value: p }] });
        continue;
      }
      case '-i': case '--in-interface': case '-o': case '--out-interface': {
        const v = next(tok);
        if (!v) continue;
        if (v.text.length > 15) fail(`interface name "${v.text}" must be shorter than IFNAMSIZ (16)`, v);
        else matches.push({ negate, kind: 'iface', dir: t === '-i' || t === '--in-interface' ? 'in' : 'out', name: v.text });
        continue;
      }
      case '-m': case '--match': {
        const v = next(tok);
        if (!v) continue;
        if (!MODULE_OPTIONS[v.text]) {
          fail(`match module "${v.text}" is not modelled (meshsim reads ${Object.keys(MODULE_OPTIONS).join(', ')})`, v);
          current = undefined;
          continue;
        }
        current = load(v.text, false);
        continue;
      }
      case '-j': case '--jump': case '-g': case '--goto': {
        const v = next(tok);
        if (!v) continue;
        if (target !== undefined) fail('multiple -j flags not allowed (a rule has one target)', tok);
        target = v.text;
        current = undefined;
        const goto = t === '-g' || t === '--goto';
        targetStatement = initialTarget(v.text, goto);
        if (goto && (STANDARD_TARGETS[v.text] || EXTENSION_TARGETS.has(v.text))) fail(`${v.text} cannot be used with -g`, v);
        continue;
      }
      case '-c': case '--set-counters':
        i += 2;
        continue;
    }
    if (target !== undefined && targetStatement) {
      i = targetOption(tokens, i, target, targetStatement, targetSeen, fail);
      continue;
    }
    if (!t.startsWith('-')) {
      fail(`unexpected word "${t}"`, tok);
      continue;
    }
    if (COMMANDS.has(t)) {
      fail(`Cannot use ${t} with -A (a command in the middle of a rule: a line break or blank in a value puts it there)`, tok);
      continue;
    }
    // Offer the option to the modules loaded so far, the latest first; else load the protocol's module.
    let inst = current && MODULE_OPTIONS[current.module].includes(t) ? current : [...instances].reverse().find((m) => MODULE_OPTIONS[m.module].includes(t));
    if (!inst) {
      const protoName = proto === 6 ? 'tcp' : proto === 17 ? 'udp' : undefined;
      if (protoName && MODULE_OPTIONS[protoName].includes(t)) inst = load(protoName, true);
    }
    if (!inst) {
      if (['--dport', '--sport', '--destination-port', '--source-port', '--syn', '--tcp-flags'].includes(t)) fail(`${t} needs -p tcp or -p udp`, tok);
      else fail(`unknown option "${t}"${current ? ` for -m ${current.module}` : ''}`, tok);
      continue;
    }
    i = moduleOption(tokens, i, inst, negate, matches, fail, base, next, proto);
  }
  if (invert) fail('"!" at the end of the rule negates nothing', tokens[tokens.length - 1]);
  // Modules loaded with no option of their own still show in the kernel's listing, where they were loaded.
  for (const inst of [...instances].reverse()) {
    if (matches.some((m) => m.ext === inst.ext)) continue;
    const m: Match = inst.module === 'socket'
      ? { ...base(false, inst), kind: 'socket', transparent: false, nowildcard: false, restoreSkmark: false }
      : { ...base(false, inst), kind: 'ext', name: inst.module };
    matches.splice(inst.at, 0, m);
  }
  if (targetStatement) statements.push(targetStatement);
  const portTarget = targetStatement && ((targetStatement.kind === 'redirect' && targetStatement.port) || targetStatement.kind === 'tproxy');
  if (portTarget && proto !== 6 && proto !== 17) fail(`-j ${target} with a port needs -p tcp or -p udp (iptables refuses it otherwise)`, tokens[0]);
  if (targetStatement?.kind === 'tproxy' && !targetSeen.has('--on-port')) fail('TPROXY needs --on-port', tokens[0]);
  return { rule: { matches, statements }, errors };
}

type Fail = (message: string, tok: Token | undefined) => void;

function moduleOption(
  tokens: readonly Token[], i: number, inst: Instance, negate: boolean, matches: Match[], fail: Fail,
  base: (negate: boolean, ext?: Instance) => MatchBase, next: (opt: Token) => Token | undefined, proto: number | undefined,
): number {
  const tok = tokens[i];
  const t = tok.text;
  const take = (): Token | undefined => {
    const before = i;
    const v = next(tok);
    if (v) i = before + 1;
    return v;
  };
  switch (inst.module) {
    case 'tcp': case 'udp': {
      if (t === '--syn') {
        matches.push({ ...base(negate, inst), kind: 'tcpFlags', mask: ['FIN', 'SYN', 'RST', 'ACK'], set: ['SYN'] });
        return i;
      }
      if (t === '--tcp-flags') {
        const m = take();
        const s = m && take();
        if (!m || !s) return i;
        const mask = flagList(m.text);
        const set = flagList(s.text);
        if (!mask || !set) fail(`bad --tcp-flags "${m.text} ${s.text}"`, m);
        else matches.push({ ...base(negate, inst), kind: 'tcpFlags', mask, set });
        return i;
      }
      const v = take();
      if (!v) return i;
      const r = parsePortRange(v.text);
      if (!r) fail(`invalid port/service "${v.text}" specified`, v);
      else matches.push({ ...base(negate, inst), kind: 'port', proto: inst.module, dir: t === '--dport' || t === '--destination-port' ? 'dst' : 'src', ports: [{ text: v.text, value: r }] });
      return i;
    }
    case 'multiport': {
      const v = take();
      if (!v) return i;
      const parts = v.text.split(',');
      const ports: Written<readonly [number, number]>[] = [];
      for (const p of parts) {
        const r = parsePortRange(p);
        if (!r) {
          fail(`invalid port/service "${p}" specified`, v);
          return i;
        }
        ports.push({ text: p, value: r });
      }
      const count = ports.reduce((n, p) => n + (p.value![0] === p.value![1] ? 1 : 2), 0);
      if (count > 15) fail(`too many ports specified (multiport takes at most 15)`, v);
      const dir = t === '--ports' ? 'any' : t.startsWith('--d') ? 'dst' : 'src';
      if (proto !== 6 && proto !== 17) fail('multiport needs -p tcp or -p udp', tok);
      matches.push({ ...base(negate, inst), kind: 'port', proto: proto === 17 ? 'udp' : 'tcp', dir, ports, multiport: true });
      return i;
    }
    case 'owner': {
      if (t === '--socket-exists') {
        matches.push({ ...base(negate, inst), kind: 'socketExists' });
        return i;
      }
      if (t === '--suppl-groups') return i;
      const v = take();
      if (!v) return i;
      matches.push({ ...base(negate, inst), kind: 'owner', which: t === '--uid-owner' ? 'uid' : 'gid', id: writtenId(v.text) });
      return i;
    }
    case 'mark': case 'connmark': {
      const v = take();
      if (!v) return i;
      const mm = parseMark(v.text);
      if (!mm || mm.value > FULL) fail(`bad mark value "${v.text}"`, v);
      else matches.push({ ...base(negate, inst), kind: 'mark', of: inst.module === 'mark' ? 'packet' : 'conn', mark: { text: v.text, value: mm } });
      return i;
    }
    case 'conntrack': case 'state': {
      const v = take();
      if (!v) return i;
      const states = parseCtStates(v.text);
      if (!states) fail(`"${v.text}" is not a list of conntrack states`, v);
      else matches.push({ ...base(negate, inst), kind: 'ctstate', states: { text: v.text, value: states as CtState[] } });
      return i;
    }
    case 'socket': {
      const existing = matches.find((m): m is Extract<Match, { kind: 'socket' }> => m.kind === 'socket' && m.ext === inst.ext);
      const m = existing ?? { ...base(false, inst), kind: 'socket' as const, transparent: false, nowildcard: false, restoreSkmark: false };
      if (!existing) matches.push(m);
      if (t === '--transparent') m.transparent = true;
      else if (t === '--nowildcard') m.nowildcard = true;
      else m.restoreSkmark = true;
      return i;
    }
    case 'addrtype': {
      if (t === '--limit-iface-in' || t === '--limit-iface-out') {
        for (const m of matches) if (m.kind === 'addrtype' && m.ext === inst.ext) m[t === '--limit-iface-in' ? 'limitIn' : 'limitOut'] = true;
        return i;
      }
      const v = take();
      if (!v) return i;
      const types = v.text.toUpperCase().split(',');
      if (types.some((x) => !ADDR_TYPES.includes(x))) fail(`"${v.text}" is not a list of address types`, v);
      else matches.push({ ...base(negate, inst), kind: 'addrtype', dir: t === '--src-type' ? 'src' : 'dst', types, limitIn: false, limitOut: false });
      return i;
    }
    case 'comment': {
      const v = take();
      if (v) matches.push({ ...base(false, inst), kind: 'comment', comment: v.text });
      return i;
    }
    case 'set': {
      const name = take();
      const dirs = name && take();
      if (!name || !dirs) return i;
      const list = dirs.text.split(',');
      if (list.some((d) => d !== 'src' && d !== 'dst')) fail(`"${dirs.text}" is not a list of src/dst`, dirs);
      else matches.push({ ...base(negate, inst), kind: 'set', name: name.text, dirs: list as Array<'src' | 'dst'> });
      return i;
    }
  }
  fail(`unknown option "${t}" for -m ${inst.module}`, tok);
  return i;
}

function flagList(text: string): string[] | undefined {
  const up = text.toUpperCase();
  if (up === 'ALL') return [...TCP_FLAGS];
  if (up === 'NONE') return [];
  const list = up.split(',');
  return list.every((f) => TCP_FLAGS.includes(f)) ? list : undefined;
}

function initialTarget(name: string, goto: boolean): Statement {
  if (STANDARD_TARGETS[name] && !goto) return { kind: 'verdict', verdict: STANDARD_TARGETS[name] };
  switch (name) {
    case 'REDIRECT': return { kind: 'redirect' };
    case 'TPROXY': return { kind: 'tproxy' };
    case 'DNAT': return { kind: 'dnat' };
    case 'SNAT': return { kind: 'snat' };
    case 'MASQUERADE': return { kind: 'masquerade' };
    case 'MARK': return { kind: 'mark', target: 'packet', keep: FULL, take: 0, xor: 0 };
    case 'CONNMARK': return { kind: 'mark', target: 'conn', keep: FULL, take: 0, xor: 0 };
    case 'CT': return { kind: 'ctZone', zone: { text: '0', value: 0 } };
    case 'NOTRACK': return { kind: 'notrack' };
    case 'LOG': return { kind: 'log' };
    case 'NFLOG': return { kind: 'log', nflog: {} };
    default: return { kind: 'jump', chain: name, goto };
  }
}

/** Reads one option of the target at tokens[i]; returns the index of the last word consumed. */
function targetOption(tokens: readonly Token[], i: number, name: string, s: Statement, seen: Set<string>, fail: Fail): number {
  const tok = tokens[i];
  const t = tok.text;
  const next = (): Token | undefined => {
    const v = tokens[i + 1];
    if (!v) fail(`option ${t} needs a value`, tok);
    else i++;
    return v;
  };
  seen.add(t);
  switch (s.kind) {
    case 'redirect':
      if (t === '--to-ports' || t === '--to-port') {
        const v = next();
        if (!v) return i;
        const r = parsePortRange(v.text.replace('-', ':'));
        if (!r) fail(`"${v.text}" is not a port or port range`, v);
        else s.port = { text: v.text, value: r };
        return i;
      }
      if (t === '--random') return i;
      break;
    case 'tproxy':
      if (t === '--on-port') {
        const v = next();
        if (!v) return i;
        const p = writtenNumber(v.text, 65535);
        if (p.value === undefined) fail(`"${v.text}" is not a port`, v);
        s.port = p;
        return i;
      }
      if (t === '--on-ip') {
        const v = next();
        if (!v) return i;
        const a = writtenAddr(v.text);
        if (!a.value) fail(`"${v.text}" is not an address`, v);
        s.addr = a;
        return i;
      }
      if (t === '--tproxy-mark') {
        const v = next();
        if (!v) return i;
        const m = writtenMark(v.text);
        if (!m.value) fail(`"${v.text}" is not a mark[/mask]`, v);
        s.mark = m;
        return i;
      }
      break;
    case 'dnat': case 'snat':
      if ((s.kind === 'dnat' && t === '--to-destination') || (s.kind === 'snat' && t === '--to-source')) {
        const v = next();
        if (!v) return i;
        const { addrText, portText } = splitAddrPort(v.text);
        if (addrText) {
          const a = writtenAddr(addrText);
          if (!a.value) fail(`"${v.text}" is not an address[:port]`, v);
          s.addr = a;
        }
        if (portText) {
          const r = parsePortRange(portText.replace('-', ':'));
          if (!r) fail(`"${v.text}" is not an address[:port]`, v);
          else s.port = { text: portText, value: r };
        }
        return i;
      }
      if (t === '--random' || t === '--random-fully' || t === '--persistent') return i;
      break;
    case 'masquerade':
      if (t === '--to-ports') return next(), i;
      if (t === '--random' || t === '--random-fully') return i;
      break;
    case 'mark': {
      if (name === 'MARK') {
        const ops = ['--set-mark', '--set-xmark', '--and-mark', '--or-mark', '--xor-mark'];
        if (!ops.includes(t)) break;
        const v = next();
        const mm = v && parseMark(v.text);
        if (v && !mm) fail(`"${v.text}" is not a mark[/mask]`, v);
        if (!mm) return i;
        // Every MARK form is the kernel's xset: mark = (mark & ~mask) ^ value.
        let value = mm.value;
        let mask = mm.mask;
        if (t === '--set-mark') mask = (mm.mask | mm.value) >>> 0;
        else if (t === '--and-mark') [value, mask] = [0, ~mm.value >>> 0];
        else if (t === '--or-mark') mask = mm.value;
        else if (t === '--xor-mark') mask = 0;
        Object.assign(s, { keep: ~mask >>> 0, xor: value, take: 0, from: undefined });
        return i;
      }
      // CONNMARK
      if (t === '--save-mark' || t === '--restore-mark') {
        const save = t === '--save-mark';
        Object.assign(s, save ? { target: 'conn', from: 'packet' } : { target: 'packet', from: 'conn' });
        s.keep = 0;
        s.take = FULL;
        s.xor = 0;
        return i;
      }
      if (t === '--nfmask' || t === '--ctmask' || t === '--mask') {
        const v = next();
        const m = v && parseUint(v.text);
        if (v && m === undefined) fail(`"${v.text}" is not a mask`, v);
        if (m === undefined) return i;
        // save: ct = (ct & ~ctmask) ^ (mark & nfmask); restore: mark = (mark & ~nfmask) ^ (ct & ctmask).
        const save = s.from === 'packet';
        const isNf = t !== '--ctmask';
        const isCt = t !== '--nfmask';
        if (save) {
          if (isNf) s.take = m;
          if (isCt) s.keep = ~m >>> 0;
        } else {
          if (isNf) s.keep = ~m >>> 0;
          if (isCt) s.take = m;
        }
        return i;
      }
      if (t === '--set-mark' || t === '--set-xmark') {
        const v = next();
        const mm = v && parseMark(v.text);
        if (v && !mm) fail(`"${v.text}" is not a mark[/mask]`, v);
        if (!mm) return i;
        const mask = t === '--set-mark' ? (mm.mask | mm.value) >>> 0 : mm.mask;
        Object.assign(s, { target: 'conn', from: undefined, keep: ~mask >>> 0, take: 0, xor: mm.value });
        return i;
      }
      break;
    }
    case 'ctZone':
      if (t === '--zone') {
        const v = next();
        if (!v) return i;
        const z = writtenNumber(v.text, 65535);
        if (z.value === undefined) fail(`"${v.text}" is not a conntrack zone`, v);
        s.zone = z;
        return i;
      }
      if (t === '--notrack') {
        Object.assign(s, { kind: 'notrack' });
        return i;
      }
      break;
    case 'log':
      if (s.nflog && (t === '--nflog-group' || t === '--nflog-size' || t === '--nflog-range' || t === '--nflog-threshold')) {
        const v = next();
        if (!v) return i;
        const n = writtenNumber(v.text, 0xffffffff);
        if (n.value === undefined) fail(`"${v.text}" is not a number`, v);
        else if (t === '--nflog-group') s.nflog.group = n.value;
        else if (t !== '--nflog-threshold') s.nflog.size = n.value;
        return i;
      }
      if (s.nflog && t === '--nflog-prefix') {
        const v = next();
        if (v) s.prefix = v.text;
        return i;
      }
      if (t === '--log-prefix') {
        const v = next();
        if (v) s.prefix = v.text;
        return i;
      }
      if (t === '--log-level') return next(), i;
      if (t.startsWith('--log-')) return i;
      break;
    case 'verdict':
      if (s.verdict === 'reject' && t === '--reject-with') return next(), i;
      break;
  }
  fail(`unknown option "${t}" for -j ${name}`, tok);
  return i;
}

/** `192.0.2.1:80`, `[2001:db8::1]:80`, `2001:db8::1`, `:80` → address and port parts. */
function splitAddrPort(text: string): { addrText: string; portText?: string } {
  const bracket = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  if (bracket) return { addrText: bracket[1], portText: bracket[2] };
  const colons = text.split(':').length - 1;
  if (colons === 1) {
    const [addrText, portText] = text.split(':');
    return { addrText, portText };
  }
  return { addrText: text };
}
