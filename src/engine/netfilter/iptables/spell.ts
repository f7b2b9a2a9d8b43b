/**
 * A typed rule in iptables' input syntax (the words of an `iptables-restore` line after the chain),
 * and the same rule as `iptables-save` prints it back from the kernel. The first keeps the words as
 * written (a condition's `text` when it has one); the second is canonical: basic matches first in
 * the kernel's order, one `-m` per match-module instance, numbers as the kernel stores them.
 */
import { formatAddr } from '../../go/index.ts';
import type { AddressFamily, CtState, Match, Rule, Statement } from '../model.ts';
import { formatRange, hex, kernelPrefixText, protocolName } from '../values.ts';

const bang = (negate: boolean) => (negate ? ['!'] : []);
const FULL = 0xffffffff;

// ------------------------------------------------------------------ input syntax (restore payload)

/** The words after `-A CHAIN` for a rule built in code (or read from text). */
export function restoreWords(rule: Rule): string[] {
  const out: string[] = [];
  const seenExt = new Set<number>();
  for (const m of rule.matches) {
    if (m.text !== undefined) {
      if (m.text !== '') out.push(m.text);
      continue;
    }
    const module = moduleOf(m);
    const explicit = module !== undefined && !(isImplicitCapable(m) && m.module === undefined);
    if (explicit && (m.ext === undefined || !seenExt.has(m.ext))) out.push('-m', module!);
    if (m.ext !== undefined) seenExt.add(m.ext);
    out.push(...optionWords(m, 'input'));
  }
  for (const s of rule.statements) {
    if (s.text !== undefined) {
      if (s.text !== '') out.push(s.text);
      continue;
    }
    out.push(...targetWords(s, 'input', undefined));
  }
  return out;
}

/** The -m module a condition needs (undefined for the basic matches -p -s -d -i -o). */
export function moduleOf(m: Match): string | undefined {
  switch (m.kind) {
    case 'l4proto': case 'addr': case 'iface': case 'nfproto':
      return undefined;
    case 'port':
      return m.multiport ? 'multiport' : m.module ?? (m.proto === 'udp' ? 'udp' : 'tcp');
    case 'tcpFlags':
      return 'tcp';
    case 'owner': case 'socketExists':
      return 'owner';
    case 'mark':
      return m.of === 'packet' ? 'mark' : 'connmark';
    case 'ctstate':
      return m.module ?? 'conntrack';
    case 'socket':
      return 'socket';
    case 'addrtype':
      return 'addrtype';
    case 'comment':
      return 'comment';
    case 'set':
      return 'set';
    case 'ext':
      return m.name;
  }
}

/** --dport and friends load their protocol's module by themselves after `-p tcp`/`-p udp`. */
function isImplicitCapable(m: Match): boolean {
  return (m.kind === 'port' && !m.multiport) || m.kind === 'tcpFlags';
}

function optionWords(m: Match, mode: 'input' | 'kernel', ctx?: { family: AddressFamily }): string[] {
  const k = mode === 'kernel';
  switch (m.kind) {
    case 'l4proto':
      return [...bang(m.negate), '-p', k && m.proto.value !== undefined ? protocolName(m.proto.value) : m.proto.text];
    case 'addr': {
      const p = m.prefixes[0];
      const flag = m.dir === 'src' ? '-s' : '-d';
      return [...bang(m.negate), flag, k && p?.value ? kernelPrefixText(p.value) : p?.text ?? ''];
    }
    case 'iface':
      return [...bang(m.negate), m.dir === 'in' ? '-i' : '-o', m.name];
    case 'nfproto':
      return [];
    case 'port': {
      if (m.multiport) {
        const name = m.dir === 'any' ? '--ports' : m.dir === 'dst' ? '--dports' : '--sports';
        const list = m.ports.map((p) => (k && p.value ? formatRange(p.value) : p.text)).join(',');
        return [...bang(m.negate), name, list];
      }
      const p = m.ports[0];
      return [...bang(m.negate), m.dir === 'dst' ? '--dport' : '--sport', k && p?.value ? formatRange(p.value) : p?.text ?? ''];
    }
    case 'tcpFlags':
      return [...bang(m.negate), '--tcp-flags', m.mask.join(',') || 'NONE', m.set.join(',') || 'NONE'];
    case 'owner':
      return [...bang(m.negate), m.which === 'uid' ? '--uid-owner' : '--gid-owner', k && m.id.value ? formatRange(m.id.value, '-') : m.id.text];
    case 'socketExists':
      return [...bang(m.negate), '--socket-exists'];
    case 'mark': {
      const v = m.mark.value;
      return [...bang(m.negate), '--mark', k && v ? `${hex(v.value)}${v.mask === FULL ? '' : '/' + hex(v.mask)}` : m.mark.text];
    }
    case 'ctstate': {
      const flag = m.module === 'state' ? '--state' : '--ctstate';
      return [...bang(m.negate), flag, k && m.states.value ? kernelStates(m.states.value) : m.states.text];
    }
    case 'socket':
      return [...(m.transparent ? ['--transparent'] : []), ...(m.nowildcard ? ['--nowildcard'] : []), ...(m.restoreSkmark ? ['--restore-skmark'] : [])];
    case 'addrtype':
      return [...bang(m.negate), m.dir === 'src' ? '--src-type' : '--dst-type', m.types.join(','), ...(m.limitIn ? ['--limit-iface-in'] : []), ...(m.limitOut ? ['--limit-iface-out'] : [])];
    case 'comment':
      return ['--comment', k ? JSON.stringify(m.comment) : quoteIfNeeded(m.comment)];
    case 'set':
      return [...bang(m.negate), '--match-set', m.name, m.dirs.join(',')];
    case 'ext':
      return [];
  }
  void ctx;
}

const STATE_ORDER: CtState[] = ['invalid', 'new', 'related', 'established', 'untracked', 'snat', 'dnat'];
function kernelStates(states: CtState[]): string {
  return [...new Set(states)].sort((a, b) => STATE_ORDER.indexOf(a) - STATE_ORDER.indexOf(b)).map((s) => s.toUpperCase()).join(',');
}

function quoteIfNeeded(s: string): string {
  return /[\s"']/.test(s) || s === '' ? JSON.stringify(s) : s;
}

/** The target's words: `-j REDIRECT --to-ports 15001`. */
function targetWords(s: Statement, mode: 'input' | 'kernel', family: AddressFamily | undefined): string[] {
  const k = mode === 'kernel';
  switch (s.kind) {
    case 'verdict':
      return s.verdict === 'continue' ? [] : ['-j', s.verdict.toUpperCase()];
    case 'jump':
      return [s.goto ? '-g' : '-j', s.chain];
    case 'counter':
      return [];
    case 'redirect':
      return ['-j', 'REDIRECT', ...(s.port ? ['--to-ports', k && s.port.value ? formatRange(s.port.value, '-') : s.port.text] : [])];
    case 'dnat': case 'snat': {
      const addr = s.addr ? (k && s.addr.value ? formatAddr(s.addr.value) : s.addr.text) : '';
      const port = s.port ? (k && s.port.value ? formatRange(s.port.value, '-') : s.port.text) : undefined;
      const v6 = addr.includes(':');
      const to = port !== undefined ? `${v6 ? `[${addr}]` : addr}:${port}` : addr;
      return ['-j', s.kind.toUpperCase(), s.kind === 'dnat' ? '--to-destination' : '--to-source', to];
    }
    case 'masquerade':
      return ['-j', 'MASQUERADE'];
    case 'tproxy': {
      if (!k) {
        return ['-j', 'TPROXY', ...(s.mark ? ['--tproxy-mark', s.mark.text] : []), ...(s.port ? ['--on-port', s.port.text] : []), ...(s.addr ? ['--on-ip', s.addr.text] : [])];
      }
      const ip = s.addr?.value ? formatAddr(s.addr.value) : family === 'ipv6' ? '::' : '0.0.0.0';
      const mark = s.mark?.value ? `${hex(s.mark.value.value)}/${hex(s.mark.value.mask)}` : '0x0/0x0';
      return ['-j', 'TPROXY', '--on-port', String(s.port?.value ?? 0), '--on-ip', ip, '--tproxy-mark', mark];
    }
    case 'mark':
      return markTargetWords(s);
    case 'ctZone':
      return ['-j', 'CT', ...(k ? (s.zone.value ? ['--zone', String(s.zone.value)] : []) : ['--zone', s.zone.text])];
    case 'notrack':
      return ['-j', 'CT', '--notrack'];
    case 'log':
      if (s.nflog) {
        return ['-j', 'NFLOG', ...(s.prefix !== undefined ? ['--nflog-prefix', JSON.stringify(s.prefix)] : []), ...(s.nflog.group !== undefined ? ['--nflog-group', String(s.nflog.group)] : []), ...(s.nflog.size !== undefined ? ['--nflog-size', String(s.nflog.size)] : [])];
      }
      return ['-j', 'LOG', ...(s.prefix !== undefined ? ['--log-prefix', JSON.stringify(s.prefix)] : [])];
    case 'test': case 'comment':
      // nft only: iptables has no conditions after its target, and comments are a match (-m comment).
      return [];
  }
}

/** MARK and CONNMARK as iptables-save prints them (and as code-built rules are written by default). */
function markTargetWords(s: Extract<Statement, { kind: 'mark' }>): string[] {
  if (s.target === 'packet' && s.from === undefined) return ['-j', 'MARK', '--set-xmark', `${hex(s.xor)}/${hex(~s.keep >>> 0)}`];
  if (s.target === 'conn' && s.from === undefined) return ['-j', 'CONNMARK', '--set-xmark', `${hex(s.xor)}/${hex(~s.keep >>> 0)}`];
  if (s.target === 'conn' && s.from === 'packet') return ['-j', 'CONNMARK', '--save-mark', '--nfmask', hex(s.take), '--ctmask', hex(~s.keep >>> 0)];
  if (s.target === 'packet' && s.from === 'conn') return ['-j', 'CONNMARK', '--restore-mark', '--nfmask', hex(~s.keep >>> 0), '--ctmask', hex(s.take)];
  return ['-j', 'MARK'];
}

// ------------------------------------------------------------------ kernel view (iptables-save)

const BASIC_ORDER = ['addr-src', 'addr-dst', 'iface-in', 'iface-out', 'l4proto'];

/** Options of one module in the order its save function prints them. */
const OPTION_RANK: Partial<Record<string, (m: Match) => number>> = {
  tcp: (m) => (m.kind === 'port' ? (m.dir === 'src' ? 0 : 1) : 2),
  udp: (m) => (m.kind === 'port' ? (m.dir === 'src' ? 0 : 1) : 2),
  owner: (m) => (m.kind === 'socketExists' ? 0 : m.kind === 'owner' ? (m.which === 'uid' ? 1 : 2) : 3),
  addrtype: (m) => (m.kind === 'addrtype' ? (m.dir === 'src' ? 0 : 1) : 2),
};

/** The words after `-A CHAIN` as iptables-save prints the rule the kernel holds. */
export function saveWords(rule: Rule, family: AddressFamily): string[] {
  const out: string[] = [];
  const basics = rule.matches.filter((m) => moduleOf(m) === undefined);
  for (const key of BASIC_ORDER) {
    for (const m of basics) {
      const k = m.kind === 'addr' ? `addr-${m.dir}` : m.kind === 'iface' ? `iface-${m.dir}` : m.kind;
      if (k === key) out.push(...optionWords(m, 'kernel'));
    }
  }
  // One `-m` per module instance, in the order the instances were loaded.
  const groups: Array<{ module: string; matches: Match[] }> = [];
  const byKey = new Map<string, { module: string; matches: Match[] }>();
  rule.matches.forEach((m, i) => {
    const module = moduleOf(m);
    if (module === undefined) return;
    const key = m.ext !== undefined ? `e${m.ext}` : isImplicitCapable(m) && m.module === undefined ? `implicit-${module}` : `solo${i}`;
    let g = byKey.get(key);
    if (!g) {
      g = { module, matches: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    g.matches.push(m);
  });
  for (const g of groups) {
    out.push('-m', g.module);
    const rank = OPTION_RANK[g.module];
    const ordered = rank ? [...g.matches].sort((a, b) => rank(a) - rank(b)) : g.matches;
    for (const m of ordered) out.push(...optionWords(m, 'kernel'));
  }
  for (const s of rule.statements) out.push(...targetWords(s, 'kernel', family));
  return out;
}

/** `-A CHAIN ...` as iptables-save prints it. */
export function saveLine(chain: string, rule: Rule, family: AddressFamily): string {
  const words = saveWords(rule, family);
  return `-A ${chain}${words.length ? ' ' + words.join(' ') : ''}`;
}
