/**
 * The public entry points: a configuration (from whichever entry path) becomes the restore payloads,
 * the kernel view, and structured rules with provenance. None of them throws.
 */
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import {
  loadIptables, loadNft, parseNftScript, parseRestore, renderIptablesSave, renderNftList, renderNftScript, renderRestore, unsafeValues,
  type Loaded, type Program, type SettingOrigin, type UnsafeValue,
} from '../netfilter/index.ts';
import type { CorruptValue } from './result.ts';
import { restoreProgram, type BuiltRule } from './builder.ts';
import { type CaptureConfig, type ConfigOrigins } from './config.ts';
import { fillFromEnvironment, validateConfig, type CaptureContext, type Env } from './environment.ts';
import { equivalentArgs } from './equivalentArgs.ts';
import { configFromArgs } from './fromArgs.ts';
import { generateRules } from './generate.ts';
import { generateNftRules } from './nftGenerate.ts';
import { commandForm } from './commandForm.ts';
import type { CaptureResult, EntryPath } from './result.ts';
import { hostNetworkSetup, policyRoutes } from './routes.ts';

export function emptyResult(entry: EntryPath, why: string[], diagnostics: Diagnostic[], origins: ConfigOrigins = {}, config?: CaptureConfig): CaptureResult {
  return {
    entry, why, config, origins, equivalentArgs: config ? equivalentArgs(config) : [], ipv6: false, dnsCapture: false,
    ...backendOf(config, origins),
    programs: {}, payload: { v4: '', v6: '', nft: '' }, rulesets: {}, kernelView: { v4: '', v6: '', nft: '' }, hostSetup: [], policyRoutes: [], corrupt: [], refused: [], diagnostics,
  };
}

/** Each rule learns where the values behind it came from (the flag, env var, annotation...). */
function withOrigins(rules: readonly BuiltRule[], origins: ConfigOrigins): void {
  for (const r of rules) {
    if (!r.rule.origin) continue;
    r.rule.origin.from = r.fields.map((f): SettingOrigin => ({ ...(origins[f] ?? { kind: 'default', name: f }) }));
  }
}

/** Which backend istio-iptables programs, and the setting that chose it. */
function backendOf(config: CaptureConfig | undefined, origins: ConfigOrigins): Pick<CaptureResult, 'backend' | 'backendWhy'> {
  if (!config?.nativeNftables) return { backend: 'iptables', backendWhy: 'iptables: --native-nftables is not set' };
  const o = origins.nativeNftables;
  const by = !o ? 'the configuration' : o.kind === 'flag' ? `the ${o.name} flag` : o.kind === 'env' ? `the ${o.name} environment variable` : o.kind === 'cluster.env' ? `${o.name} in cluster.env` : o.kind === 'annotation' ? `the ${o.name} annotation` : `${o.name}`;
  return { backend: 'nftables', backendWhy: `nftables: native nftables is switched on by ${by}${o?.note ? ` (${o.note})` : ''}` };
}

/** The payload or script text, with each operation knowing the line it is printed on. */
function rendered(program: Program): { program: Program; text: string } {
  const { text, lineOf } = program.backend === 'nftables' ? renderNftScript(program) : renderRestore(program);
  const lines = text.split('\n');
  const ops = program.ops.map((op, i) => ({ ...op, src: { line: lineOf[i], text: lines[lineOf[i] - 1] } }));
  return { program: { ...program, ops }, text };
}

/**
 * Runs the generator on a configuration whose flags/env are already resolved (fillFromEnvironment
 * and validation still to do), and renders everything.
 */
export function captureFromConfig(entry: EntryPath, config: CaptureConfig, origins: ConfigOrigins, env: Env, ctx: CaptureContext, why: string[], diags: Diagnostic[], fill = true): CaptureResult {
  try {
    if (fill) fillFromEnvironment(config, origins, env, ctx, diags, why);
    validateConfig(config, diags, ctx.release?.iptables);
    if (diags.some((d) => d.severity === 'error')) return emptyResult(entry, why, diags, origins, config);
    if (config.nativeNftables) return captureNft(entry, config, origins, ctx, why, diags);
    const gen = generateRules(config, ctx.release?.iptables);
    diags.push(...gen.diagnostics);
    if (!gen.ok) return emptyResult(entry, why, diags, origins, config);
    withOrigins(gen.builder.v4, origins);
    withOrigins(gen.builder.v6, origins);
    const machine = { users: ctx.users, groups: ctx.groups };
    const p4 = rendered(restoreProgram(gen.builder.v4, 'v4').program);
    const p6 = config.enableIPv6 ? rendered(restoreProgram(gen.builder.v6, 'v6').program) : undefined;
    // Each program's unsafe values are found once: they are reported, and they decide what is loaded.
    const u4 = unsafeValues(p4.program);
    const u6 = p6 ? unsafeValues(p6.program) : [];
    const corrupt = [...corruptValues(p4, 'payload v4', u4), ...(p6 ? corruptValues(p6, 'payload v6', u6) : [])];
    const l4 = loadWritten(p4, machine, 'payload v4', u4);
    const l6 = p6 ? loadWritten(p6, machine, 'payload v6', u6) : undefined;
    reportCorrupt(corrupt, diags, 'iptables-restore');
    for (const d of [...l4.diagnostics, ...(l6?.diagnostics ?? [])]) diags.push({ ...d, severity: 'warning', message: `kernel view: ${d.message}` });
    reportRefused(entry, [[l4, 'payload v4', 'iptables-restore'], ...(l6 ? [[l6, 'payload v6', 'ip6tables-restore'] as const] : [])], diags);
    const release = ctx.release?.iptables;
    // 1.22–1.23 with -f=false run one iptables command per rule instead of a restore payload.
    const commands = release?.restoreFormatFlag && !config.restoreFormat;
    if (commands) why.push('--restore-format=false: istio-iptables runs one iptables command per rule (shown as the payload), not iptables-restore');
    else if (release?.tableOrder === 'unordered' && p4.program.ops.filter((o) => o.op === 'table').length > 1) {
      why.push('this release writes the payload\'s tables in Go map order, which changes from run to run; they are shown sorted by name');
    }
    if (config.skipRuleApply) why.push('--skip-rule-apply is set: the program would not apply these rules (the CNI plugin applies them)');
    if (config.inboundPortsInclude === '') why.push('no inbound ports (-b ""): inbound traffic is not captured');
    if (config.outboundIPRangesInclude === '') why.push('no outbound CIDRs (-i ""): outbound traffic is captured only by port (-q) if at all');
    return {
      entry, why, config, origins, equivalentArgs: equivalentArgs(config), ipv6: config.enableIPv6, dnsCapture: gen.dnsCapture,
      ...backendOf(config, origins),
      programs: { v4: p4.program, ...(p6 ? { v6: p6.program } : {}) },
      payload: commands
        ? { v4: commandForm(gen.builder.v4, 'v4'), v6: config.enableIPv6 ? commandForm(gen.builder.v6, 'v6') : '', nft: '' }
        : { v4: p4.text, v6: p6?.text ?? '', nft: '' },
      rulesets: { v4: l4.ruleset, ...(l6 ? { v6: l6.ruleset } : {}) },
      kernelView: { v4: renderIptablesSave(l4.ruleset, { now: ctx.now }), v6: l6 ? renderIptablesSave(l6.ruleset, { now: ctx.now }) : '', nft: '' },
      hostSetup: hostNetworkSetup(config),
      policyRoutes: policyRoutes(config),
      corrupt,
      refused: [refusal(entry, l4, 'payload v4'), ...(l6 ? [refusal(entry, l6, 'payload v6')] : [])].filter((r) => r !== undefined),
      diagnostics: diags,
    };
  } catch (err) {
    diags.push(diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`));
    return emptyResult(entry, why, diags, origins, config);
  }
}

/** The nftables backend: one inet script for both families, loaded as `nft -f` would. */
function captureNft(entry: EntryPath, config: CaptureConfig, origins: ConfigOrigins, ctx: CaptureContext, why: string[], diags: Diagnostic[]): CaptureResult {
  const gen = generateNftRules(config);
  diags.push(...gen.diagnostics);
  if (!gen.ok) return emptyResult(entry, why, diags, origins, config);
  for (const r of gen.rules) if (r.rule.origin) r.rule.origin.from = r.fields.map((f): SettingOrigin => ({ ...(origins[f] ?? { kind: 'default', name: f }) }));
  const script = rendered(gen.program);
  const unsafe = unsafeValues(script.program);
  const corrupt = corruptValues(script, 'nft script', unsafe);
  const loaded = loadWritten(script, { users: ctx.users, groups: ctx.groups }, 'nft script', unsafe);
  reportCorrupt(corrupt, diags, 'nft -f');
  for (const d of loaded.diagnostics) diags.push({ ...d, severity: 'warning', message: `kernel view: ${d.message}` });
  reportRefused(entry, [[loaded, 'nft script', 'nft -f']], diags);
  why.push(backendOf(config, origins).backendWhy);
  if (config.inboundPortsInclude === '') why.push('no inbound ports (-b ""): inbound traffic is not captured');
  if (config.outboundIPRangesInclude === '') why.push('no outbound CIDRs (-i ""): outbound traffic is captured only by port (-q) if at all');
  return {
    entry, why, config, origins, equivalentArgs: equivalentArgs(config), ipv6: config.enableIPv6, dnsCapture: gen.dnsCapture,
    ...backendOf(config, origins),
    programs: { nft: script.program },
    payload: { v4: '', v6: '', nft: script.text },
    rulesets: { nft: loaded.ruleset },
    kernelView: { v4: '', v6: '', nft: renderNftList(loaded.ruleset) },
    hostSetup: hostNetworkSetup(config),
    policyRoutes: policyRoutes(config),
    corrupt,
    refused: [refusal(entry, loaded, 'nft script')].filter((r) => r !== undefined),
    diagnostics: diags,
  };
}

/** What a refused payload means for the pod: istio-iptables (or the CNI plugin) returns the tool's error. */
function refusalConsequence(entry: EntryPath): string {
  if (entry === 'istio-cni') return "the CNI plugin returns the error, so the kubelet cannot set up the pod's network and the pod stays in ContainerCreating";
  if (entry === 'istio-init') return 'istio-iptables exits with the error, so the istio-init container fails and the pod never starts (Init:Error, then Init:CrashLoopBackOff)';
  return 'istio-iptables exits with the error';
}

function reportRefused(entry: EntryPath, loads: ReadonlyArray<readonly [Loaded, string, string]>, diags: Diagnostic[]): void {
  for (const [l, input, tool] of loads) {
    if (!l.refused) continue;
    diags.push(diagnostic('iptables', 'error', `${tool} refuses ${l.refused.line ? `line ${l.refused.line}` : 'the text'} (${l.refused.message}): ${refusalConsequence(entry)}`, l.refused.line ? { input, line: l.refused.line, column: 1 } : undefined));
  }
}

function refusal(entry: EntryPath, l: Loaded, input: string): CaptureResult['refused'][number] | undefined {
  return l.refused ? { input, ...l.refused, consequence: refusalConsequence(entry) } : undefined;
}

/** The values of a rendered program that its tool would not read as one value, with the settings behind them. */
function corruptValues(r: { program: Program; text: string }, input: string, unsafe: readonly UnsafeValue[]): CorruptValue[] {
  return unsafe.map((u) => {
    const op = r.program.ops[u.op];
    const origin = op.op === 'rule' ? op.rule.origin : undefined;
    const line = op.src?.line ?? 0;
    const next = r.program.ops[u.op + 1]?.src?.line ?? r.text.split('\n').length;
    const extraLines = Array.from({ length: Math.max(0, next - line - 1) }, (_, k) => line + 1 + k);
    return { input, line, extraLines, value: u.value, problem: u.problem, settings: origin?.settings ?? [], from: origin?.from ?? [] };
  });
}

/**
 * What the kernel gets from a rendered program. When every value is one clean word the program is
 * the kernel's input as built; when one is not, the tool reads other words or other lines than the
 * generator meant, so the text it really receives is read (as iptables-restore or nft would) instead.
 */
function loadWritten(r: { program: Program; text: string }, machine: { users?: Record<string, string>; groups?: Record<string, number> }, input: string, unsafe: readonly UnsafeValue[]): Loaded {
  const nft = r.program.backend === 'nftables';
  if (!unsafe.length) return nft ? loadNft(r.program, { machine, input }) : loadIptables(r.program, { machine, input });
  const parsed = nft ? parseNftScript(r.text, { input }) : parseRestore(r.text, { family: r.program.family, input });
  const loaded = nft ? loadNft(parsed.program, { machine, input }) : loadIptables(parsed.program, { machine, input });
  return { ruleset: loaded.ruleset, diagnostics: [...parsed.diagnostics, ...loaded.diagnostics], ...(loaded.refused ? { refused: loaded.refused } : {}) };
}

/** One loud error per corrupting value: what it is, where it came from, and what the tool does with it. */
function reportCorrupt(corrupt: CorruptValue[], diags: Diagnostic[], tool: string): void {
  const seen = new Set<string>();
  for (const c of corrupt) {
    if (seen.has(c.value)) continue;
    seen.add(c.value);
    const from = c.from.map((o) => `${o.kind === 'flag' ? 'flag' : o.kind === 'env' ? 'env' : o.kind} ${o.name}`).join(', ') || 'the configuration';
    const effect = c.problem === 'blank'
      ? `${tool} splits it into several words, so the line does not say what istio-iptables meant`
      : `istio-iptables writes it unchanged, so ${tool} reads ${c.problem === 'line break' ? 'a line istio-iptables never meant as a rule' : 'a character it cannot take'}`;
    diags.push(diagnostic('iptables', 'error', `the value ${JSON.stringify(c.value)} (from ${from}) contains a ${c.problem}: ${effect}; the kernel view shows what ${tool} makes of the text it is given`, { input: c.input, line: c.line, column: 1 }));
  }
}

/**
 * Entry path "istio-iptables": argv as an istio-init container carries it (a leading
 * "istio-iptables" word is accepted) and the process environment.
 */
export function captureRulesForArgs(argv: readonly string[], env: Env = {}, context: CaptureContext = {}, entry: EntryPath = 'istio-iptables'): CaptureResult {
  try {
    const parsed = configFromArgs(argv, env, context.release?.iptables);
    const why = ['entry path: the istio-iptables command line and environment', ...parsed.why];
    if (parsed.failed) return emptyResult(entry, why, parsed.diagnostics, parsed.origins);
    return captureFromConfig(entry, parsed.config, parsed.origins, env, context, why, parsed.diagnostics);
  } catch (err) {
    return emptyResult(entry, [], [diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`)]);
  }
}
