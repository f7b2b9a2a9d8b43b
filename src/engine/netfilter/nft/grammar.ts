/**
 * The nft rule grammar: the words of a rule (after `add rule inet TABLE CHAIN [index N]`, or a rule
 * line of an `nft list ruleset` block) in, a typed Rule out. It reads the expressions and statements
 * Istio's nftables backend, the istio-cni node agent and a listing of them use; anything else is a
 * plain-words error at its column. This is the only place nft rule text is parsed.
 */
import type { IpPrefix } from '../../go/index.ts';
import type { Token } from '../lexer.ts';
import type { AddressFamily, CtState, Match, Range, Rule, Statement, Written } from '../model.ts';
import { parseCtStates, parseHostOrNetwork, parseIdRange, parsePortRange, parseProtocol, parseUint, writtenAddr, writtenNumber } from '../values.ts';

export interface NftGrammarError {
  message: string;
  column: number;
}

const FULL = 0xffffffff;
const STATES_HELP = 'invalid, new, established, related, untracked';

export function parseNftRule(tokens: readonly Token[]): { rule: Rule; errors: NftGrammarError[] } {
  const matches: Match[] = [];
  const statements: Statement[] = [];
  const errors: NftGrammarError[] = [];
  let i = 0;
  const peek = (k = 0) => tokens[i + k]?.text;
  const col = () => tokens[Math.min(i, tokens.length - 1)]?.column ?? 1;
  const fail = (message: string, at = col()) => {
    errors.push({ message, column: at });
    i = tokens.length;
  };
  const take = (what: string): Token | undefined => {
    const t = tokens[i];
    if (!t) {
      fail(`${what} is missing at the end of the rule`);
      return undefined;
    }
    i++;
    return t;
  };
  const addMatch = (m: Match) => {
    if (statements.length) statements.push({ kind: 'test', match: m });
    else matches.push(m);
  };
  /** `!=` / `==` / `eq` / `ne` before a value. */
  const relation = (): boolean => {
    const t = peek();
    if (t === '!=' || t === 'ne') {
      i++;
      return true;
    }
    if (t === '==' || t === 'eq') i++;
    return false;
  };
  /** One value or `{ a, b, c }`. */
  const valueList = (what: string): Token[] | undefined => {
    if (peek() === '{') {
      i++;
      const out: Token[] = [];
      while (i < tokens.length && peek() !== '}') {
        if (peek() === ',') {
          i++;
          continue;
        }
        out.push(tokens[i++]);
      }
      if (peek() !== '}') {
        fail(`the set of ${what} is not closed with "}"`);
        return undefined;
      }
      i++;
      if (!out.length) {
        fail(`the set of ${what} is empty`);
        return undefined;
      }
      return out;
    }
    const t = take(what);
    return t ? [t] : undefined;
  };
  /** A number, or `meta mark` / `mark` / `ct mark`, then `& M`, `| V`, `^ V` (`and`, `or`, `xor`). */
  const markExpression = (target: 'packet' | 'conn'): Statement | undefined => {
    let from: 'packet' | 'conn' | undefined;
    let take = FULL;
    let xor = 0;
    if (peek() === 'meta' && peek(1) === 'mark') {
      i += 2;
      from = 'packet';
    } else if (peek() === 'mark') {
      i++;
      from = 'packet';
    } else if (peek() === 'ct' && peek(1) === 'mark') {
      i += 2;
      from = 'conn';
    } else {
      const t = take0('a mark');
      if (!t) return undefined;
      const n = parseUint(t.text);
      if (n === undefined) return fail(`"${t.text}" is not a mark`, t.column), undefined;
      take = 0;
      xor = n;
    }
    while (['&', 'and', '|', 'or', '^', 'xor'].includes(peek() ?? '')) {
      const opTok = tokens[i++];
      const v = take0('a mask');
      const n = v && parseUint(v.text);
      if (!v || n === undefined) return fail(`"${v?.text ?? ''}" is not a mask or mark`, v?.column), undefined;
      if (opTok.text === '&' || opTok.text === 'and') {
        take = (take & n) >>> 0;
        xor = (xor & n) >>> 0;
      } else if (opTok.text === '|' || opTok.text === 'or') {
        take = (take & ~n) >>> 0;
        xor = (xor | n) >>> 0;
      } else xor = (xor ^ n) >>> 0;
    }
    return { kind: 'mark', target, keep: 0, take: from ? take : 0, xor, ...(from ? { from } : {}) };
  };
  const take0 = (what: string) => take(what);
  /** `mark 1337`, `mark & 0xfff == 0x539`, `mark and 0xfff != 0x539`. */
  const markMatch = (of: 'packet' | 'conn') => {
    let mask = FULL;
    if (peek() === '&' || peek() === 'and') {
      i++;
      const m = take('a mask');
      const n = m && parseUint(m.text);
      if (!m || n === undefined) return fail(`"${m?.text ?? ''}" is not a mask`, m?.column);
      mask = n;
    }
    const negate = relation();
    const v = take('a mark');
    if (!v) return;
    const n = parseUint(v.text);
    if (n === undefined) return fail(`"${v.text}" is not a mark`, v.column);
    addMatch({ kind: 'mark', of, negate, mark: { text: mask === FULL ? v.text : `${v.text}/${mask}`, value: { value: n, mask } } });
  };
  const ownerMatch = (which: 'uid' | 'gid') => {
    const negate = relation();
    const v = take(`a ${which}`);
    if (!v) return;
    const id = parseIdRange(v.text);
    addMatch({ kind: 'owner', which, negate, id: id ? { text: v.text, value: id } : { text: v.text } });
  };
  const ifaceMatch = (dir: 'in' | 'out') => {
    const negate = relation();
    const v = take('an interface name');
    if (!v) return;
    if (v.text.length > 15) return fail(`interface name "${v.text}" is longer than 15 characters`, v.column);
    addMatch({ kind: 'iface', dir, negate, name: v.text });
  };

  const TERMINAL = new Set(['verdict', 'jump', 'redirect', 'dnat', 'snat', 'masquerade']);
  let protoSeen = false;
  const nats: Array<{ index: number; column: number; protoSeen: boolean }> = [];
  while (i < tokens.length) {
    const t = tokens[i];
    const w = t.text;
    // nft refuses anything after a verdict or a NAT statement.
    if (statements.some((s) => TERMINAL.has(s.kind))) {
      fail('Statement after terminal statement has no effect', t.column);
      break;
    }
    if (['tcp', 'udp', 'th'].includes(w) || (w === 'meta' && peek(1) === 'l4proto')) protoSeen = true;
    if (w === 'redirect' || w === 'dnat' || w === 'snat') nats.push({ index: statements.length, column: t.column, protoSeen });
    i++;
    switch (w) {
      case 'meta': {
        const key = take('what meta matches (l4proto, nfproto, skuid, skgid, mark, iifname, oifname)');
        if (!key) break;
        if (key.text === 'l4proto') {
          const negate = relation();
          const v = take('a protocol');
          if (!v) break;
          const n = parseProtocol(v.text);
          if (n === undefined) fail(`unknown protocol "${v.text}"`, v.column);
          else addMatch({ kind: 'l4proto', negate, proto: { text: v.text, value: n } });
        } else if (key.text === 'nfproto') {
          const negate = relation();
          const v = take('ipv4 or ipv6');
          if (!v) break;
          if (v.text !== 'ipv4' && v.text !== 'ipv6') fail(`"${v.text}" is not ipv4 or ipv6`, v.column);
          else addMatch({ kind: 'nfproto', negate, family: v.text });
        } else if (key.text === 'skuid' || key.text === 'skgid') ownerMatch(key.text === 'skuid' ? 'uid' : 'gid');
        else if (key.text === 'iifname' || key.text === 'oifname') ifaceMatch(key.text === 'iifname' ? 'in' : 'out');
        else if (key.text === 'mark') {
          if (peek() === 'set') {
            i++;
            const s = markExpression('packet');
            if (s) statements.push(s);
          } else markMatch('packet');
        } else fail(`meta ${key.text} is not modelled`, key.column);
        break;
      }
      case 'skuid': case 'skgid':
        ownerMatch(w === 'skuid' ? 'uid' : 'gid');
        break;
      case 'iifname': case 'oifname':
        ifaceMatch(w === 'iifname' ? 'in' : 'out');
        break;
      case 'mark':
        if (peek() === 'set') {
          i++;
          const s = markExpression('packet');
          if (s) statements.push(s);
        } else markMatch('packet');
        break;
      case 'ip': case 'ip6': {
        const family: AddressFamily = w === 'ip' ? 'ipv4' : 'ipv6';
        const key = take('saddr or daddr');
        if (!key) break;
        if (key.text !== 'saddr' && key.text !== 'daddr') {
          fail(`${w} ${key.text} is not modelled (meshsim reads ${w} saddr and ${w} daddr)`, key.column);
          break;
        }
        const dir = key.text === 'saddr' ? 'src' : 'dst';
        const negate = relation();
        if (peek()?.startsWith('@')) {
          addMatch({ kind: 'set', family, dirs: [dir], negate, name: tokens[i++].text.slice(1) });
          break;
        }
        const vals = valueList('addresses');
        if (!vals) break;
        const prefixes: Written<IpPrefix>[] = [];
        for (const v of vals) {
          const p = parseHostOrNetwork(v.text, family);
          if (!p) {
            fail(`"${v.text}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or network`, v.column);
            break;
          }
          prefixes.push({ text: v.text, value: p });
        }
        if (!errors.length) addMatch({ kind: 'addr', family, dir, negate, prefixes });
        break;
      }
      case 'tcp': case 'udp': case 'th': {
        const key = take('sport or dport');
        if (!key) break;
        if (key.text === 'flags' && w === 'tcp') {
          fail('tcp flags is not modelled', key.column);
          break;
        }
        if (key.text !== 'sport' && key.text !== 'dport') {
          fail(`${w} ${key.text} is not modelled (meshsim reads sport and dport)`, key.column);
          break;
        }
        const negate = relation();
        const vals = valueList('ports');
        if (!vals) break;
        const ports: Written<Range>[] = [];
        for (const v of vals) {
          const r = parsePortRange(v.text, '-');
          if (!r) {
            fail(`"${v.text}" is not a port or port range`, v.column);
            break;
          }
          ports.push({ text: v.text, value: r });
        }
        if (!errors.length) addMatch({ kind: 'port', proto: w, dir: key.text === 'sport' ? 'src' : 'dst', negate, ports });
        break;
      }
      case 'ct': {
        const key = take('what ct matches (state, mark, zone)');
        if (!key) break;
        if (key.text === 'state') {
          const negate = relation();
          const braced = peek() === '{';
          const vals = valueList('states');
          if (!vals) break;
          // A flag list may also be written `related,established`.
          while (!braced && peek() === ',' && tokens[i + 1]) {
            vals.push(tokens[i + 1]);
            i += 2;
          }
          const states = parseCtStates(vals.map((v) => v.text).join(','));
          if (!states) fail(`"${vals.map((v) => v.text).join(',')}" is not a list of conntrack states (${STATES_HELP})`, vals[0].column);
          else addMatch({ kind: 'ctstate', negate, states: { text: vals.map((v) => v.text).join(','), value: states as CtState[] } });
        } else if (key.text === 'mark') {
          if (peek() === 'set') {
            i++;
            const s = markExpression('conn');
            if (s) statements.push(s);
          } else markMatch('conn');
        } else if (key.text === 'zone' && peek() === 'set') {
          i++;
          const v = take('a zone');
          if (!v) break;
          const z = writtenNumber(v.text, 65535);
          if (z.value === undefined) fail(`"${v.text}" is not a conntrack zone`, v.column);
          else statements.push({ kind: 'ctZone', zone: z });
        } else fail(`ct ${key.text} is not modelled`, key.column);
        break;
      }
      case 'socket': {
        const key = take('transparent');
        const v = key && take('1 or 0');
        if (!key || !v) break;
        if (key.text !== 'transparent') fail(`socket ${key.text} is not modelled`, key.column);
        else addMatch({ kind: 'socket', negate: false, transparent: v.text === '1', nowildcard: false, restoreSkmark: false });
        break;
      }
      case 'counter':
        statements.push({ kind: 'counter' });
        if (peek() === 'packets') i += 2;
        if (peek() === 'bytes') i += 2;
        break;
      case 'accept': case 'drop': case 'return': case 'continue': case 'reject':
        statements.push({ kind: 'verdict', verdict: w });
        break;
      case 'jump': case 'goto': {
        const c = take('a chain name');
        if (c) statements.push({ kind: 'jump', chain: c.text, goto: w === 'goto' });
        break;
      }
      case 'redirect': {
        if (peek() !== 'to') {
          statements.push({ kind: 'redirect' });
          break;
        }
        i++;
        const v = take('a port');
        if (!v) break;
        const r = parsePortRange(v.text.replace(/^:/, ''), '-');
        if (!r) fail(`"${v.text}" is not a port`, v.column);
        else statements.push({ kind: 'redirect', port: { text: v.text.replace(/^:/, ''), value: r } });
        break;
      }
      case 'dnat': case 'snat': case 'tproxy': {
        let family: AddressFamily | undefined;
        if (peek() === 'ip' || peek() === 'ip6') family = tokens[i++].text === 'ip' ? 'ipv4' : 'ipv6';
        if (peek() !== 'to') {
          fail(`${w} needs "to ADDRESS[:PORT]"`);
          break;
        }
        i++;
        const v = take('an address');
        if (!v) break;
        const { addr, port } = splitAddrPort(v.text);
        const a = addr ? writtenAddr(addr) : undefined;
        if (a && !a.value) {
          fail(`"${addr}" is not an address`, v.column);
          break;
        }
        const r = port !== undefined ? parsePortRange(port, '-') : undefined;
        if (port !== undefined && !r) {
          fail(`"${port}" is not a port`, v.column);
          break;
        }
        const common = { ...(family ? { family } : {}), ...(a ? { addr: a } : {}) };
        if (w === 'tproxy') statements.push({ kind: 'tproxy', ...common, ...(r ? { port: { text: port!, value: r[0] } } : {}) });
        else statements.push({ kind: w, ...common, ...(r ? { port: { text: port!, value: r } } : {}) });
        break;
      }
      case 'masquerade':
        statements.push({ kind: 'masquerade' });
        break;
      case 'notrack':
        statements.push({ kind: 'notrack' });
        break;
      case 'log': {
        const s: Statement = { kind: 'log' };
        if (peek() === 'prefix') {
          i++;
          const v = take('a prefix');
          if (v) s.prefix = v.text;
        }
        statements.push(s);
        break;
      }
      case 'comment': {
        const v = take('a comment');
        if (v) statements.push({ kind: 'comment', comment: v.text });
        break;
      }
      default:
        fail(`"${w}" is not an nft expression or statement meshsim reads`, t.column);
    }
  }
  // A NAT to a port needs to know the packet's transport protocol first.
  for (const n of nats) {
    const st = statements[n.index];
    if (!errors.length && st && 'port' in st && st.port && !n.protoSeen) errors.push({ message: 'transport protocol mapping is only valid after transport protocol match', column: n.column });
  }
  return { rule: { matches, statements }, errors };
}

/** `1.2.3.4:80`, `[2001:db8::1]:80`, `:15006`, `2001:db8::1`. */
function splitAddrPort(text: string): { addr: string; port?: string } {
  const bracket = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  if (bracket) return { addr: bracket[1], port: bracket[2] };
  if (text.startsWith(':')) return { addr: '', port: text.slice(1) };
  const colons = text.split(':').length - 1;
  if (colons === 1) {
    const [addr, port] = text.split(':');
    return { addr, port };
  }
  return { addr: text };
}
