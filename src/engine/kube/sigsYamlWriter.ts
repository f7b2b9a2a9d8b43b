/**
 * YAML text exactly as sigs.k8s.io/yaml's Marshal writes it (what `istioctl kube-inject` prints):
 * the JSON value re-read by go-yaml v2 and written by its libyaml-derived emitter: keys in go-yaml's
 * natural order, 2-space indentation, block sequences under a key not indented, `{}`/`[]` for empty
 * collections, multi-line strings as `|` literals, quoting only where a plain scalar would read back
 * differently, and lines folded at spaces past column 80 in quoted and plain scalars.
 *
 * The emitter is a small state machine (column, indent, "last char was whitespace", "still in the
 * indentation") because line folding and indentation depend on where the previous token ended.
 */
import { compareGoYamlKeys } from './goYamlKeyOrder.ts';
import { formatGoFloat } from '../go/index.ts';
import { stringNeedsQuotes } from './goYamlResolve.ts';
import { analyzeScalar, isBreak, isPrintable, type ScalarAnalysis } from './scalarAnalysis.ts';

/** JSON-like data: what encoding/json would produce. `bigint` carries int64 values beyond 2^53 exactly. */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [key: string]: JsonValue };

type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

const BEST_INDENT = 2;
const BEST_WIDTH = 80;
const MAX_SIMPLE_KEY_BYTES = 128;
const MAX_DEPTH = 1_000;

interface NodeContext {
  root?: boolean;
  mapping?: boolean;
  simpleKey?: boolean;
}

class Emitter {
  constructor(private readonly memo: SigsYamlMemo) {}

  /** The text so far (V8 joins appended strings lazily: cheaper than an array of pieces and a join). */
  private out = '';
  private column = 0;
  private indent = -1;
  private indents: number[] = [];
  private whitespace = true;
  private indention = true;
  private openEnded = false;

  text(): string {
    return this.out;
  }

  document(value: JsonValue): void {
    this.node(value, { root: true }, 0);
    this.writeIndent();
    if (this.openEnded) {
      this.writeIndicator('...', true, false, false);
      this.writeIndent();
    }
  }

  private put(c: string): void {
    this.out += c;
    this.column++;
  }

  /** Writes a run of characters none of which is a break: `width` is its length in code points. */
  private putRun(text: string, width: number): void {
    this.out += text;
    this.column += width;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
    this.indention = true;
  }

  private writeBreak(c: string): void {
    if (c === '\n') {
      this.putBreak();
      return;
    }
    this.out += c;
    this.column = 0;
    this.indention = true;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() ?? -1;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    if (this.column < indent) this.putRun(' '.repeat(indent - this.column), indent - this.column);
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(text: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    // Indicators are ASCII: one column per character.
    this.putRun(text, text.length);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
    this.openEnded = false;
  }

  private node(value: JsonValue, ctx: NodeContext, depth: number): void {
    if (depth > MAX_DEPTH) throw new Error(`value nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(value)) {
      if (value.length === 0) this.emptyFlow('[', ']');
      else this.blockSequence(value, ctx, depth);
    } else if (value !== null && typeof value === 'object') {
      // As with JSON.stringify, a key whose value is undefined is absent.
      const keys = Object.keys(value).filter((k) => value[k] !== undefined);
      if (keys.length === 0) this.emptyFlow('{', '}');
      else this.blockMapping(value, keys, depth);
    } else {
      this.scalarValue(value ?? null, ctx);
    }
  }

  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true, false);
    this.popIndent();
    this.writeIndicator(close, false, false, false);
  }

  private blockSequence(items: JsonValue[], ctx: NodeContext, depth: number): void {
    this.increaseIndent(false, Boolean(ctx.mapping) && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item, {}, depth + 1);
    }
    this.popIndent();
  }

  private blockMapping(map: { [key: string]: JsonValue }, keys: string[], depth: number): void {
    this.increaseIndent(false, false);
    for (const key of sortedKeys(this.memo, keys)) {
      this.writeIndent();
      if (scalarFacts(this.memo, key).simpleKey) {
        this.scalarValue(key, { mapping: true, simpleKey: true });
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.scalarValue(key, { mapping: true });
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(map[key], { mapping: true }, depth + 1);
    }
    this.popIndent();
  }

  /** go-yaml's encoder picks a style per Go type; the emitter may still fall back to a quoted one. */
  private scalarValue(value: null | boolean | number | bigint | string, ctx: NodeContext): void {
    if (value === null) return this.scalar('null', 'plain', ctx);
    if (typeof value === 'boolean') return this.scalar(value ? 'true' : 'false', 'plain', ctx);
    if (typeof value === 'bigint') return this.scalar(value.toString(), 'plain', ctx);
    if (typeof value === 'number') return this.scalar(formatYamlNumber(value), 'plain', ctx);
    if (value.includes('\n')) return this.scalar(value, 'literal', ctx);
    return this.scalar(value, scalarFacts(this.memo, value).needsQuotes ? 'double' : 'plain', ctx);
  }

  private scalar(text: string, requested: ScalarStyle, ctx: NodeContext): void {
    const facts = scalarFacts(this.memo, text);
    const a = facts.analysis;
    const simpleKey = Boolean(ctx.simpleKey);
    let style = requested;
    if (simpleKey && a.multiline) style = 'double';
    if (style === 'plain') {
      // Only empty collections are written in flow style, so every scalar sits in block context.
      if (!a.blockPlainAllowed) style = 'single';
      if (text.length === 0 && simpleKey) style = 'single';
    }
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';

    this.increaseIndent(true, false);
    const allowBreaks = !simpleKey;
    if (style === 'plain') this.plain(text, facts, allowBreaks, Boolean(ctx.root));
    else if (style === 'single') this.singleQuoted(charsOf(facts, text), allowBreaks);
    else if (style === 'double') this.doubleQuoted(charsOf(facts, text), allowBreaks);
    else this.literal(charsOf(facts, text));
    this.popIndent();
  }

  private plain(text: string, facts: ScalarFacts, allowBreaks: boolean, root: boolean): void {
    const width = facts.width;
    if (width > 0 && !this.whitespace) this.put(' ');
    // A plain scalar folds only at a space met past the width: one that cannot meet one is written whole.
    if (!allowBreaks || this.column + width <= BEST_WIDTH + 1 || !text.includes(' ')) {
      this.putRun(text, width);
      if (width > 0) this.whitespace = false;
      this.indention = false;
      if (root) this.openEnded = true;
      return;
    }
    const chars = charsOf(facts, text);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && chars[i + 1] !== ' ') this.writeIndent();
        else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        this.indention = false;
        spaces = false;
      }
    }
    if (chars.length > 0) this.whitespace = false;
    this.indention = false;
    if (root) this.openEnded = true;
  }

  private singleQuoted(chars: readonly string[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (c === ' ') {
        const fold = allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1 && chars[i + 1] !== ' ';
        if (fold) this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === "'") this.put("'");
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private doubleQuoted(chars: readonly string[], allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (!isPrintable(c) || isBreak(c) || c === '"' || c === '\\') {
        this.put('\\');
        for (const e of escapeOf(c)) this.put(e);
        spaces = false;
      } else if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
          this.writeIndent();
          if (chars[i + 1] === ' ') this.put('\\');
        } else {
          this.put(c);
        }
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private literal(chars: readonly string[]): void {
    this.writeIndicator('|', true, false, false);
    this.blockScalarHints(chars);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of chars) {
      if (isBreak(c)) {
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        breaks = false;
      }
    }
  }

  /** Indentation hint when the text starts with a space or break; chomping from the trailing breaks. */
  private blockScalarHints(chars: readonly string[]): void {
    if (chars[0] === ' ' || isBreak(chars[0])) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = chars.length - 1;
    let chomp = '';
    if (chars.length === 0 || !isBreak(chars[last])) chomp = '-';
    else if (last === 0 || isBreak(chars[last - 1])) chomp = '+';
    // go-yaml marks '+' as open-ended but writing the indicator clears that mark again at once.
    if (chomp) this.writeIndicator(chomp, false, false, false);
  }
}

const NAMED_ESCAPES: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
  0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

function escapeOf(c: string): string {
  const cp = c.codePointAt(0)!;
  const named = NAMED_ESCAPES[cp];
  if (named) return named;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return 'x' + hex.padStart(2, '0');
  if (cp <= 0xffff) return 'u' + hex.padStart(4, '0');
  return 'U' + hex.padStart(8, '0');
}

/** What the emitter needs to know about a string, whatever its place: computed once per string. */
interface ScalarFacts {
  /** Its code points, split only when a style writes it character by character (see charsOf). */
  chars?: readonly string[];
  /** How many code points it has (the columns it takes). */
  width: number;
  analysis: ScalarAnalysis;
  /** Whether go-yaml quotes it as a value (a plain scalar would read back as another type). */
  needsQuotes: boolean;
  /** Whether it can be written as a simple key (`key:`) rather than with `? `. */
  simpleKey: boolean;
}

/** The string's code points, split once. */
function charsOf(facts: ScalarFacts, text: string): readonly string[] {
  return (facts.chars ??= Array.from(text));
}

/*
 * Pods repeat their strings (keys above all) and the same pod is written several times (kube-inject,
 * the diff's before and after), so the facts and key orders are kept for short strings — in a memo
 * that belongs to the caller, never to this module: a scenario engine keeps one in its injection
 * memo (injection/injectionMemo.ts), any other call gets one of its own, so a fresh engine (a cold
 * analysis) pays for the strings its own pods hold. Bounded: cleared when full.
 */
const FACTS_CACHE_LIMIT = 8_192;
const FACTS_MAX_LENGTH = 256;
const ORDER_CACHE_LIMIT = 2_048;

/** What writing YAML learned about strings and key sets, for the next write by the same owner. */
export interface SigsYamlMemo {
  facts: Map<string, ScalarFacts>;
  orders: Map<string, readonly string[]>;
}

export function newSigsYamlMemo(): SigsYamlMemo {
  return { facts: new Map(), orders: new Map() };
}

function scalarFacts(memo: SigsYamlMemo, text: string): ScalarFacts {
  const cached = memo.facts.get(text);
  if (cached) return cached;
  const analysis = analyzeScalar(text);
  const facts: ScalarFacts = {
    width: analysis.width,
    analysis,
    needsQuotes: stringNeedsQuotes(text),
    simpleKey: !analysis.multiline && analysis.utf8Bytes <= MAX_SIMPLE_KEY_BYTES,
  };
  if (text.length <= FACTS_MAX_LENGTH) {
    if (memo.facts.size >= FACTS_CACHE_LIMIT) memo.facts.clear();
    memo.facts.set(text, facts);
  }
  return facts;
}

/** A map's keys in go-yaml's order; maps of the same keys (containers, env entries) share one sort. */
function sortedKeys(memo: SigsYamlMemo, keys: string[]): readonly string[] {
  if (keys.length < 2) return keys;
  const id = JSON.stringify(keys);
  const cached = memo.orders.get(id);
  if (cached) return cached;
  const sorted = [...keys].sort(compareGoYamlKeys);
  if (id.length <= 4 * FACTS_MAX_LENGTH) {
    if (memo.orders.size >= ORDER_CACHE_LIMIT) memo.orders.clear();
    memo.orders.set(id, sorted);
  }
  return sorted;
}

/**
 * sigs.k8s.io/yaml Marshal of a JSON value. Throws only for values nested more than 1000 levels
 * deep (which decodeKubeYaml and typedRoundTrip never produce); `writeSigsYaml` never throws.
 */
export function toSigsYaml(value: JsonValue, memo: SigsYamlMemo = newSigsYamlMemo()): string {
  const e = new Emitter(memo);
  e.document(value);
  return e.text();
}

/** toSigsYaml for values of unknown origin: the text, or why it could not be written. */
export function writeSigsYaml(value: JsonValue, memo?: SigsYamlMemo): { text: string } | { error: string } {
  try {
    return { text: toSigsYaml(value, memo) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

const INT64_MIN = -(2 ** 63);
const UINT64_LIMIT = 2 ** 64;

/**
 * How go-yaml writes a JSON number it read back: integer text when the value fits int64/uint64 and
 * encoding/json printed it without fraction or exponent, otherwise strconv's 'g' float form.
 */
export function formatYamlNumber(n: number): string {
  if (Number.isInteger(n) && n >= INT64_MIN && n < UINT64_LIMIT && Math.abs(n) < 1e21) return BigInt(n).toString();
  if (!Number.isFinite(n)) {
    if (Number.isNaN(n)) return '.nan';
    return n > 0 ? '.inf' : '-.inf';
  }
  return formatGoFloat(n);
}
