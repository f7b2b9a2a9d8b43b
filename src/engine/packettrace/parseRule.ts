/**
 * Parses the words of one rule (everything after `-A CHAIN` / `-I CHAIN [n]`) into matches and a
 * target, and renders the rule the way `iptables-save` prints it back from the kernel.
 */
import type { Token } from './tokenize.ts';
import type { Family, Match, Target } from './types.ts';
import {
  canonicalAddr, canonicalCidr, formatPortRange, hex, parseMarkMask, parsePort, parsePortList, parsePortRange, parseUint32,
} from './values.ts';

export interface ParsedRule {
  matches: Match[];
  target: Target;
  /** The rule's body as iptables-save prints it (without `-A CHAIN`). */
  kernelBody: string;
  errors: Array<{ message: string; column: number }>;
}

const CT_STATE_ORDER = ['INVALID', 'NEW', 'RELATED', 'ESTABLISHED', 'UNTRACKED', 'SNAT', 'DNAT'];
const ADDR_TYPES = ['UNSPEC', 'UNICAST', 'LOCAL', 'BROADCAST', 'ANYCAST', 'MULTICAST', 'BLACKHOLE', 'UNREACHABLE', 'PROHIBIT', 'THROW', 'NAT', 'XRESOLVE'];
const BUILTIN_TARGETS = new Set(['ACCEPT', 'DROP', 'RETURN', 'REJECT', 'REDIRECT', 'TPROXY', 'DNAT', 'SNAT', 'MASQUERADE', 'MARK', 'CONNMARK', 'CT', 'NOTRACK', 'LOG']);
const KNOWN_MODULES = new Set(['tcp', 'udp', 'multiport', 'owner', 'mark', 'connmark', 'conntrack', 'state', 'socket', 'addrtype', 'comment']);

interface Segment {
  module: string;
  opts: string[];
}

export function parseRule(tokens: Token[], family: Family): ParsedRule {
  const matches: Match[] = [];
  const errors: ParsedRule['errors'] = [];
  const base = { src: '', dst: '', in: '', out: '', proto: '' };
  const segments: Segment[] = [];
  let target: Target = { kind: 'none' };
  let targetName = '';
  const targetOpts: string[] = [];
  let proto = '';
  let module: Segment | undefined;
  let invert = false;
  let i = 0;

  const fail = (message: string, tok: Token | undefined) => errors.push({ message, column: tok?.column ?? 1 });
  const value = (opt: Token): Token | undefined => {
    const v = tokens[++i];
    if (!v) fail(`option ${opt.text} needs a value`, opt);
    return v;
  };
  const bang = (inv: boolean) => (inv ? '! ' : '');
  const segmentFor = (name: string): Segment => {
    if (module && module.module === name) return module;
    const existing = segments.find((s) => s.module === name);
    if (existing) return existing;
    const s = { module: name, opts: [] };
    segments.push(s);
    return s;
  };

  for (; i < tokens.length; i++) {
    const tok = tokens[i];
    const t = tok.text;
    if (t === '!') {
      invert = true;
      continue;
    }
    const inv = invert;
    invert = false;
    switch (t) {
      case '-p': case '--protocol': {
        const v = value(tok);
        if (!v) break;
        const p = normaliseProto(v.text);
        if (!p) fail(`unknown protocol "${v.text}"`, v);
        else {
          proto = inv ? '' : p;
          matches.push({ kind: 'proto', invert: inv, proto: p });
          base.proto = `${bang(inv)}-p ${p}`;
        }
        continue;
      }
      case '-s': case '--source': case '-d': case '--destination': {
        const v = value(tok);
        if (!v) break;
        const which = t === '-s' || t === '--source' ? 'src' : 'dst';
        const cidrs = v.text.split(',').map((c) => canonicalCidr(c, family));
        if (cidrs.some((c) => !c)) fail(`"${v.text}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or network`, v);
        else {
          if (cidrs.length > 1) fail(`address lists ("${v.text}") make several kernel rules; write one rule per address`, v);
          matches.push({ kind: which, invert: inv, cidrs: cidrs as string[] });
          base[which] = `${bang(inv)}-${which === 'src' ? 's' : 'd'} ${cidrs[0]}`;
        }
        continue;
      }
      case '-i': case '--in-interface': case '-o': case '--out-interface': {
        const v = value(tok);
        if (!v) break;
        const isIn = t === '-i' || t === '--in-interface';
        matches.push({ kind: isIn ? 'inIface' : 'outIface', invert: inv, name: v.text });
        base[isIn ? 'in' : 'out'] = `${bang(inv)}-${isIn ? 'i' : 'o'} ${v.text}`;
        continue;
      }
      case '-m': case '--match': {
        const v = value(tok);
        if (!v) break;
        if (!KNOWN_MODULES.has(v.text)) fail(`match module "${v.text}" is not modelled by the tracer`, v);
        module = { module: v.text, opts: [] };
        segments.push(module);
        if (v.text === 'comment') matches.push({ kind: 'ignored', module: 'comment' });
        // A bare `-m socket` is a condition of its own: some socket must own the packet.
        if (v.text === 'socket') matches.push({ kind: 'socket', transparent: false, nowildcard: false });
        continue;
      }
      case '-j': case '--jump': case '-g': case '--goto': {
        const v = value(tok);
        if (!v) break;
        targetName = v.text;
        module = undefined;
        if (t === '-g' || t === '--goto') target = { kind: 'jump', chain: v.text, goto: true };
        else target = initialTarget(v.text);
        continue;
      }
      case '-c': case '--set-counters':
        i += 2;
        continue;
    }
    if (targetName) {
      i = targetOption(tokens, i, targetName, target, targetOpts, fail);
      continue;
    }
    // A protocol option without -m uses the protocol's own module, as iptables does.
    let seg = module;
    if (isPortOption(t) && (!seg || !['tcp', 'udp', 'multiport'].includes(seg.module))) {
      if (proto !== 'tcp' && proto !== 'udp') {
        fail(`${t} needs -p tcp or -p udp`, tok);
        continue;
      }
      seg = segmentFor(proto);
    }
    if (!seg) {
      fail(`unknown option "${t}"`, tok);
      continue;
    }
    i = moduleOption(tokens, i, seg, inv, matches, fail, family);
  }
  if (invert) fail('"!" at the end of the rule negates nothing', tokens[tokens.length - 1]);
  if (target.kind === 'jump' && BUILTIN_TARGETS.has(target.chain)) fail(`${target.chain} cannot be used with -g`, undefined);
  const needsPorts = (target.kind === 'REDIRECT' && target.port !== undefined) || target.kind === 'TPROXY';
  if (needsPorts && proto !== 'tcp' && proto !== 'udp') fail(`-j ${targetName} with a port needs -p tcp or -p udp (iptables refuses it otherwise)`, tokens[0]);

  const parts = [base.src, base.dst, base.in, base.out, base.proto].filter(Boolean);
  for (const s of segments) {
    if (s.module === 'comment' && !s.opts.length) continue;
    parts.push(`-m ${s.module}`, ...s.opts);
  }
  if (targetName) parts.push(`${target.kind === 'jump' && target.goto ? '-g' : '-j'} ${targetName}`, ...renderTargetOptions(target, targetOpts, family));
  return { matches, target, kernelBody: parts.join(' '), errors };
}

function normaliseProto(p: string): string | undefined {
  const lower = p.toLowerCase();
  const byNumber: Record<string, string> = { '6': 'tcp', '17': 'udp', '1': 'icmp', '58': 'ipv6-icmp', '0': 'all' };
  if (byNumber[lower]) return byNumber[lower];
  if (['tcp', 'udp', 'icmp', 'ipv6-icmp', 'icmpv6', 'all', 'sctp'].includes(lower)) return lower === 'icmpv6' ? 'ipv6-icmp' : lower;
  return undefined;
}

function isPortOption(t: string): boolean {
  return ['--dport', '--sport', '--destination-port', '--source-port', '--tcp-flags', '--syn'].includes(t);
}

type Fail = (message: string, tok: Token | undefined) => void;

function moduleOption(tokens: Token[], i: number, seg: Segment, inv: boolean, matches: Match[], fail: Fail, family: Family): number {
  const tok = tokens[i];
  const t = tok.text;
  const next = (): Token | undefined => {
    const v = tokens[i + 1];
    if (!v) fail(`option ${t} needs a value`, tok);
    else i++;
    return v;
  };
  const bang = inv ? '! ' : '';
  switch (seg.module) {
    case 'tcp': case 'udp': {
      if (t === '--dport' || t === '--destination-port' || t === '--sport' || t === '--source-port') {
        const v = next();
        const r = v && parsePortRange(v.text);
        if (!v) return i;
        if (!r) return fail(`"${v.text}" is not a port or port range`, v), i;
        const which = t.startsWith('--d') ? 'dport' : 'sport';
        matches.push({ kind: 'port', which, invert: inv, ranges: [r] });
        seg.opts.push(`${bang}--${which} ${formatPortRange(r)}`);
        return i;
      }
      if (seg.module === 'tcp' && t === '--syn') {
        matches.push({ kind: 'tcpFlags', invert: inv, mask: ['SYN', 'RST', 'ACK', 'FIN'], set: ['SYN'] });
        seg.opts.push(`${bang}--tcp-flags FIN,SYN,RST,ACK SYN`);
        return i;
      }
      if (seg.module === 'tcp' && t === '--tcp-flags') {
        const m = next();
        const s = m && next();
        if (!m || !s) return i;
        const mask = flagList(m.text);
        const set = flagList(s.text);
        if (!mask || !set) return fail(`bad --tcp-flags "${m.text} ${s.text}"`, m), i;
        matches.push({ kind: 'tcpFlags', invert: inv, mask, set });
        seg.opts.push(`${bang}--tcp-flags ${mask.join(',')} ${set.length ? set.join(',') : 'NONE'}`);
        return i;
      }
      break;
    }
    case 'multiport': {
      const which = t === '--dports' || t === '--destination-ports' ? 'dport' : t === '--sports' || t === '--source-ports' ? 'sport' : t === '--ports' ? 'any' : undefined;
      if (!which) break;
      const v = next();
      if (!v) return i;
      const ranges = parsePortList(v.text);
      if (!ranges) return fail(`"${v.text}" is not a list of ports`, v), i;
      matches.push({ kind: 'port', which, invert: inv, ranges });
      const name = which === 'any' ? 'ports' : `${which}s`;
      seg.opts.push(`${bang}--${name} ${ranges.map(formatPortRange).join(',')}`);
      return i;
    }
    case 'owner': {
      if (t === '--uid-owner' || t === '--gid-owner') {
        const v = next();
        if (!v) return i;
        const [a, b] = v.text.split('-');
        const low = parseUint32(a);
        const high = b === undefined ? low : parseUint32(b);
        if (low === undefined || high === undefined) return fail(`"${v.text}" is not a numeric ${t === '--uid-owner' ? 'uid' : 'gid'} (names cannot be resolved here)`, v), i;
        matches.push({ kind: 'owner', which: t === '--uid-owner' ? 'uid' : 'gid', invert: inv, low, high });
        seg.opts.push(`${bang}${t} ${low === high ? low : `${low}-${high}`}`);
        return i;
      }
      if (t === '--socket-exists') {
        matches.push({ kind: 'ownerSocket', invert: inv });
        seg.opts.push(`${bang}--socket-exists`);
        return i;
      }
      if (t === '--suppl-groups') {
        seg.opts.push('--suppl-groups');
        return i;
      }
      break;
    }
    case 'mark': case 'connmark': {
      if (t !== '--mark') break;
      const v = next();
      if (!v) return i;
      const mm = parseMarkMask(v.text);
      if (!mm) return fail(`"${v.text}" is not a mark[/mask]`, v), i;
      matches.push({ kind: seg.module, invert: inv, value: mm.value, mask: mm.mask });
      seg.opts.push(`${bang}--mark ${hex(mm.value)}${mm.mask === 0xffffffff ? '' : '/' + hex(mm.mask)}`);
      return i;
    }
    case 'conntrack': case 'state': {
      if (!((seg.module === 'conntrack' && t === '--ctstate') || (seg.module === 'state' && t === '--state'))) break;
      const v = next();
      if (!v) return i;
      const states = v.text.toUpperCase().split(',');
      if (states.some((s) => !CT_STATE_ORDER.includes(s))) return fail(`"${v.text}" is not a list of conntrack states`, v), i;
      const ordered = CT_STATE_ORDER.filter((s) => states.includes(s));
      matches.push({ kind: 'ctstate', invert: inv, states: ordered });
      seg.opts.push(`${bang}${t} ${ordered.join(',')}`);
      return i;
    }
    case 'socket': {
      if (t === '--transparent' || t === '--nowildcard' || t === '--restore-skmark') {
        let m = matches.find((x): x is Extract<Match, { kind: 'socket' }> => x.kind === 'socket');
        if (!m) {
          m = { kind: 'socket', transparent: false, nowildcard: false };
          matches.push(m);
        }
        if (t === '--transparent') m.transparent = true;
        if (t === '--nowildcard') m.nowildcard = true;
        seg.opts.push(t);
        return i;
      }
      break;
    }
    case 'addrtype': {
      if (t === '--src-type' || t === '--dst-type') {
        const v = next();
        if (!v) return i;
        const types = v.text.toUpperCase().split(',');
        if (types.some((x) => !ADDR_TYPES.includes(x))) return fail(`"${v.text}" is not a list of address types`, v), i;
        matches.push({ kind: 'addrtype', which: t === '--src-type' ? 'src' : 'dst', invert: inv, types, limitIn: false, limitOut: false });
        seg.opts.push(`${bang}${t} ${types.join(',')}`);
        return i;
      }
      if (t === '--limit-iface-in' || t === '--limit-iface-out') {
        for (const m of matches) if (m.kind === 'addrtype') m[t === '--limit-iface-in' ? 'limitIn' : 'limitOut'] = true;
        seg.opts.push(t);
        return i;
      }
      break;
    }
    case 'comment': {
      if (t !== '--comment') break;
      const v = next();
      if (v) seg.opts.push(`--comment ${JSON.stringify(v.text)}`);
      return i;
    }
  }
  void family;
  if (KNOWN_MODULES.has(seg.module)) fail(`unknown option "${t}" for -m ${seg.module}`, tok);
  else if (t.startsWith('-')) {
    // The module itself was already reported; skip its option's value too.
    if (tokens[i + 1] && !tokens[i + 1].text.startsWith('-')) i++;
  }
  return i;
}

function flagList(text: string): string[] | undefined {
  const all = ['SYN', 'ACK', 'FIN', 'RST', 'URG', 'PSH'];
  const up = text.toUpperCase();
  if (up === 'ALL') return all;
  if (up === 'NONE') return [];
  const list = up.split(',');
  return list.every((f) => all.includes(f)) ? list : undefined;
}

function initialTarget(name: string): Target {
  switch (name) {
    case 'ACCEPT': case 'DROP': case 'RETURN': case 'REJECT':
      return { kind: name };
    case 'REDIRECT':
      return { kind: 'REDIRECT' };
    case 'TPROXY':
      return { kind: 'TPROXY', port: 0, mark: 0, mask: 0 };
    case 'DNAT':
      return { kind: 'DNAT' };
    case 'SNAT': case 'MASQUERADE':
      return { kind: name };
    case 'MARK':
      return { kind: 'MARK', op: 'set', value: 0, mask: 0 };
    case 'CONNMARK':
      return { kind: 'CONNMARK', op: 'set', value: 0, mask: 0, nfmask: 0xffffffff, ctmask: 0xffffffff };
    case 'CT':
      return { kind: 'CT', notrack: false };
    case 'NOTRACK':
      return { kind: 'CT', notrack: true };
    case 'LOG':
      return { kind: 'LOG' };
    default:
      return { kind: 'jump', chain: name, goto: false };
  }
}

/** Reads one option of the target at tokens[i]; returns the index of the last word consumed. */
function targetOption(tokens: Token[], i: number, name: string, target: Target, seen: string[], fail: Fail): number {
  const tok = tokens[i];
  const t = tok.text;
  const next = (): Token | undefined => {
    const v = tokens[i + 1];
    if (!v) fail(`option ${t} needs a value`, tok);
    else i++;
    return v;
  };
  seen.push(t);
  switch (target.kind) {
    case 'REDIRECT':
      if (t === '--to-ports' || t === '--to-port') {
        const v = next();
        if (!v) return i;
        const p = parsePort(v.text.split('-')[0]);
        if (p === undefined) fail(`"${v.text}" is not a port`, v);
        else target.port = p;
        return i;
      }
      if (t === '--random') return i;
      break;
    case 'TPROXY':
      if (t === '--on-port') {
        const v = next();
        const p = v && parsePort(v.text);
        if (v && p === undefined) fail(`"${v.text}" is not a port`, v);
        if (p !== undefined) target.port = p;
        return i;
      }
      if (t === '--on-ip') {
        const v = next();
        if (v && !canonicalAddr(v.text)) fail(`"${v.text}" is not an address`, v);
        else if (v) target.ip = canonicalAddr(v.text);
        return i;
      }
      if (t === '--tproxy-mark') {
        const v = next();
        const mm = v && parseMarkMask(v.text);
        if (v && !mm) fail(`"${v.text}" is not a mark[/mask]`, v);
        if (mm) Object.assign(target, { mark: mm.value, mask: mm.mask });
        return i;
      }
      break;
    case 'DNAT':
      if (t === '--to-destination') {
        const v = next();
        if (!v) return i;
        const m = /^\[?([^\]]*?)\]?(?::(\d+)(?:-\d+)?)?$/.exec(v.text.includes('.') || v.text.startsWith('[') ? v.text : `[${v.text}]`);
        const addr = m && m[1] ? canonicalAddr(m[1]) : undefined;
        if (m && m[1] && !addr) fail(`"${v.text}" is not an address[:port]`, v);
        target.addr = addr;
        target.port = m?.[2] ? Number(m[2]) : undefined;
        return i;
      }
      break;
    case 'SNAT': case 'MASQUERADE':
      if (t === '--to-source' || t === '--to-ports') return next(), i;
      if (t === '--random' || t === '--random-fully' || t === '--persistent') return i;
      break;
    case 'MARK': {
      const ops: Record<string, 'set' | 'and' | 'or' | 'xor'> = { '--set-mark': 'set', '--set-xmark': 'xor', '--and-mark': 'and', '--or-mark': 'or', '--xor-mark': 'xor' };
      if (!ops[t]) break;
      const v = next();
      const mm = v && parseMarkMask(v.text);
      if (v && !mm) fail(`"${v.text}" is not a mark[/mask]`, v);
      if (!mm) return i;
      // Every MARK form is kept as the kernel's xset: mark = (mark & ~mask) ^ value.
      if (t === '--set-mark') Object.assign(target, { op: 'set', value: mm.value, mask: (mm.mask | mm.value) >>> 0 });
      else if (t === '--set-xmark') Object.assign(target, { op: 'xor', value: mm.value, mask: mm.mask });
      else if (t === '--and-mark') Object.assign(target, { op: 'and', value: 0, mask: ~mm.value >>> 0 });
      else if (t === '--or-mark') Object.assign(target, { op: 'or', value: mm.value, mask: mm.value });
      else Object.assign(target, { op: 'xor', value: mm.value, mask: 0 });
      return i;
    }
    case 'CONNMARK': {
      if (t === '--save-mark' || t === '--restore-mark') {
        target.op = t === '--save-mark' ? 'save' : 'restore';
        return i;
      }
      if (t === '--nfmask' || t === '--ctmask' || t === '--mask') {
        const v = next();
        const m = v && parseUint32(v.text);
        if (v && m === undefined) fail(`"${v.text}" is not a mask`, v);
        if (m === undefined) return i;
        if (t !== '--ctmask') target.nfmask = m;
        if (t !== '--nfmask') target.ctmask = m;
        return i;
      }
      if (t === '--set-mark' || t === '--set-xmark') {
        const v = next();
        const mm = v && parseMarkMask(v.text);
        if (v && !mm) fail(`"${v.text}" is not a mark[/mask]`, v);
        if (mm) Object.assign(target, { op: 'set', value: mm.value, mask: t === '--set-mark' ? (mm.mask | mm.value) >>> 0 : mm.mask });
        return i;
      }
      break;
    }
    case 'CT':
      if (t === '--zone') {
        const v = next();
        const z = v && parseUint32(v.text);
        if (v && (z === undefined || z > 65535)) fail(`"${v.text}" is not a conntrack zone`, v);
        else if (z !== undefined) target.zone = z;
        return i;
      }
      if (t === '--notrack') {
        target.notrack = true;
        return i;
      }
      break;
    case 'LOG':
      if (t === '--log-prefix' || t === '--log-level') return next(), i;
      if (t.startsWith('--log-')) return i;
      break;
    case 'REJECT':
      if (t === '--reject-with') return next(), i;
      break;
  }
  fail(`unknown option "${t}" for -j ${name}`, tok);
  return i;
}

function renderTargetOptions(target: Target, seen: string[], family: Family): string[] {
  switch (target.kind) {
    case 'REDIRECT':
      return target.port === undefined ? [] : [`--to-ports ${target.port}`];
    case 'TPROXY':
      return [`--on-port ${target.port} --on-ip ${target.ip ?? (family === 'ipv4' ? '0.0.0.0' : '::')} --tproxy-mark ${hex(target.mark)}/${hex(target.mask)}`];
    case 'MARK':
      if (target.op === 'and') return [`--and-mark ${hex(~target.mask >>> 0)}`];
      if (target.op === 'or') return [`--or-mark ${hex(target.value)}`];
      if (target.mask === 0) return [`--xor-mark ${hex(target.value)}`];
      return [`--set-xmark ${hex(target.value)}/${hex(target.mask)}`];
    case 'CONNMARK':
      if (target.op === 'set') return [`--set-xmark ${hex(target.value)}/${hex(target.mask)}`];
      return [`--${target.op}-mark --nfmask ${hex(target.nfmask)} --ctmask ${hex(target.ctmask)}`];
    case 'CT':
      return target.notrack ? ['--notrack'] : target.zone !== undefined ? [`--zone ${target.zone}`] : [];
    case 'DNAT':
      if (!target.addr && target.port === undefined) return [];
      return [`--to-destination ${target.addr ?? ''}${target.port !== undefined ? ':' + target.port : ''}`];
    default:
      void seen;
      return [];
  }
}
