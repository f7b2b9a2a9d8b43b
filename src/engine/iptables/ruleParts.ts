/**
 * Reads an iptables rule's words into a structure: basic matches (-s -d -i -o -p), match modules
 * with their options (including the tcp/udp module iptables loads implicitly for --dport/--sport),
 * and the target with its options.
 */

export interface RuleOption {
  negated: boolean;
  /** The option as written, e.g. "--dport" or "-d". */
  name: string;
  values: string[];
}

export interface RuleMatch {
  module: string;
  /** true when iptables loaded the module because of -p (no explicit -m). */
  implicit: boolean;
  options: RuleOption[];
}

export interface RuleParts {
  basic: RuleOption[];
  matches: RuleMatch[];
  target?: { name: string; options: RuleOption[] };
  /** Words that could not be placed (e.g. a dangling "!"). */
  problems: string[];
}

const BASIC: Record<string, string> = {
  '-s': '-s', '--source': '-s', '--src': '-s',
  '-d': '-d', '--destination': '-d', '--dst': '-d',
  '-i': '-i', '--in-interface': '-i',
  '-o': '-o', '--out-interface': '-o',
  '-p': '-p', '--protocol': '-p',
};

/** Options that take no value. */
const FLAG_OPTIONS = new Set(['--syn', '--save-mark', '--restore-mark', '--random', '--socket-exists', '--suppl-groups', '--log-uid', '--notrack', '--random-fully', '--persistent']);
/** Options that take two values. */
const TWO_VALUE_OPTIONS = new Set(['--tcp-flags']);
/** Options of the protocol match iptables loads implicitly after -p tcp/udp. */
const PROTO_OPTIONS = new Set(['--dport', '--sport', '--destination-port', '--source-port', '--syn', '--tcp-flags', '--tcp-option']);

export function splitWords(line: string): string[] {
  return line.split(/[ \t]+/).filter((w) => w !== '');
}

/** Parses the words after the chain (and insert position). */
export function parseRuleParts(words: readonly string[]): RuleParts {
  const parts: RuleParts = { basic: [], matches: [], problems: [] };
  let negate = false;
  let current: RuleOption[] | undefined;
  let currentModule: RuleMatch | undefined;
  let protocol = '';
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '!') {
      if (negate) parts.problems.push('double "!"');
      negate = true;
      continue;
    }
    const takeValue = (): string => {
      if (i + 1 < words.length) return words[++i];
      parts.problems.push(`${w} needs a value`);
      return '';
    };
    if (BASIC[w]) {
      const name = BASIC[w];
      const value = takeValue();
      parts.basic.push({ negated: negate, name, values: [value] });
      if (name === '-p') protocol = value.toLowerCase();
      negate = false;
      continue;
    }
    if (w === '-m' || w === '--match') {
      currentModule = { module: takeValue(), implicit: false, options: [] };
      parts.matches.push(currentModule);
      current = currentModule.options;
      continue;
    }
    if (w === '-j' || w === '--jump') {
      parts.target = { name: takeValue(), options: [] };
      current = parts.target.options;
      currentModule = undefined;
      continue;
    }
    if (w.startsWith('-')) {
      const inTarget = !!parts.target && current === parts.target.options;
      const ownsProtoOption = currentModule && (currentModule.module === 'tcp' || currentModule.module === 'udp');
      if (!inTarget && PROTO_OPTIONS.has(w) && !ownsProtoOption && (protocol === 'tcp' || protocol === 'udp')) {
        currentModule = { module: protocol, implicit: true, options: [] };
        parts.matches.push(currentModule);
        current = currentModule.options;
      }
      const values: string[] = [];
      if (TWO_VALUE_OPTIONS.has(w)) values.push(takeValue(), takeValue());
      else if (!FLAG_OPTIONS.has(w)) values.push(takeValue());
      if (!current) parts.problems.push(`option ${w} outside any match or target`);
      else current.push({ negated: negate, name: w, values });
      negate = false;
      continue;
    }
    parts.problems.push(`unexpected word ${JSON.stringify(w)}`);
  }
  if (negate) parts.problems.push('dangling "!"');
  return parts;
}
