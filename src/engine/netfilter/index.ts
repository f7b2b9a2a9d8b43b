/**
 * The netfilter rule model (model.ts) and what reads and writes it, for both backends:
 * programs (iptables-restore payloads, nft scripts) built in code or parsed from text, loaded into
 * the rulesets the kernel would hold, and printed as the kernel's own listings.
 */
export type {
  AddressFamily, Backend, BaseChain, BaseChainSpec, Chain, ChainType, CtState, Hook, KernelRule, MachineContext, MarkAssignment, MarkValue, Match,
  MatchKind, NamedSet, NamedSetSpec, Op, OpSource, PolicyRoute, Program, Range, Rule, RuleOrigin, Ruleset, SettingOrigin, Statement, StatementKind, Table, TableFamily,
  Written,
} from './model.ts';
// The value grammars other folders read a text with (the tracer's addresses, the routing commands' numbers)
export { formatEndpoint, formatInetNtop, oneWord, parseHostOrNetwork, parseMark, parsePortRange, parseUint } from './values.ts';
// iptables
export { ipt, rule } from './iptables/build.ts';
export { parseRestore, guessFamily, type ParsedProgram, type ParseRestoreOptions } from './iptables/parse.ts';
export { renderRestore, opLine as restoreLine } from './iptables/render.ts';
export { loadIptables, type Loaded, type LoadOptions, type Refusal } from './iptables/load.ts';
export { renderIptablesSave, normaliseSave, type SaveOptions } from './iptables/save.ts';
export { saveLine as iptablesSaveLine, restoreWords } from './iptables/spell.ts';
export { BUILTIN_CHAINS as IPTABLES_BUILTIN_CHAINS, builtinBase, isIptablesTable } from './iptables/tables.ts';
// nftables
export { nft, nftRule } from './nft/build.ts';
export { renderNftScript, nftLine } from './nft/render.ts';
export { loadNft, type NftLoadOptions } from './nft/load.ts';
export { renderNftList, normaliseNftList } from './nft/list.ts';
export { priorityName } from './priority.ts';
export { listText as nftListText, scriptWords as nftScriptWords } from './nft/spell.ts';
export { parseNftScript } from './nft/parse.ts';
export { parseNftRule } from './nft/grammar.ts';
export { tokenizeNft } from './nft/tokenize.ts';
export { unsafeValues, type UnsafeValue } from './unsafe.ts';
