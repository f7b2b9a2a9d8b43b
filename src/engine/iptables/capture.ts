/**
 * The public entry points: a configuration (from whichever entry path) becomes the restore payloads,
 * the kernel view, and structured rules with provenance. None of them throws.
 */
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { renderRestoreWithLines, type BuiltRule } from './builder.ts';
import { type CaptureConfig, type ConfigOrigins } from './config.ts';
import { fillFromEnvironment, validateConfig, type CaptureContext, type Env } from './environment.ts';
import { equivalentArgs } from './equivalentArgs.ts';
import { configFromArgs } from './fromArgs.ts';
import { generateRules } from './generate.ts';
import { kernelView } from './kernelView.ts';
import type { CaptureResult, CaptureRule, EntryPath } from './result.ts';
import { hostNetworkSetup } from './routes.ts';
import { parseRuleParts } from './ruleParts.ts';

export function emptyResult(entry: EntryPath, why: string[], diagnostics: Diagnostic[], origins: ConfigOrigins = {}, config?: CaptureConfig): CaptureResult {
  return {
    entry, why, config, origins, equivalentArgs: config ? equivalentArgs(config) : [], ipv6: false, dnsCapture: false,
    payload: { v4: '', v6: '' }, kernelView: { v4: '', v6: '' }, kernelTables: { v4: [], v6: [] }, rules: { v4: [], v6: [] }, hostSetup: [], diagnostics,
  };
}

const withParts = (r: BuiltRule, payloadLine: number): CaptureRule => ({ ...r, parts: parseRuleParts(r.params), payloadLine });

/**
 * Runs the generator on a configuration whose flags/env are already resolved (fillFromEnvironment
 * and validation still to do), and renders everything.
 */
export function captureFromConfig(entry: EntryPath, config: CaptureConfig, origins: ConfigOrigins, env: Env, ctx: CaptureContext, why: string[], diags: Diagnostic[], fill = true): CaptureResult {
  try {
    if (fill) fillFromEnvironment(config, origins, env, ctx, diags, why);
    validateConfig(config, diags);
    if (diags.some((d) => d.severity === 'error')) return emptyResult(entry, why, diags, origins, config);
    const gen = generateRules(config);
    diags.push(...gen.diagnostics);
    if (!gen.ok) return emptyResult(entry, why, diags, origins, config);
    const r4 = renderRestoreWithLines(gen.builder.v4);
    const r6 = renderRestoreWithLines(config.enableIPv6 ? gen.builder.v6 : []);
    const v4 = r4.text;
    const v6 = r6.text;
    const kv4 = kernelView(v4, { family: 'v4', groups: ctx.groups, users: ctx.users });
    const kv6 = config.enableIPv6 ? kernelView(v6, { family: 'v6', groups: ctx.groups, users: ctx.users }) : { text: '', tables: [], diagnostics: [] };
    for (const d of [...kv4.diagnostics, ...kv6.diagnostics]) diags.push({ ...d, severity: 'warning', message: `kernel view: ${d.message}` });
    if (config.skipRuleApply) why.push('--skip-rule-apply is set: the program would not apply these rules (the CNI plugin applies them)');
    if (config.inboundPortsInclude === '') why.push('no inbound ports (-b ""): inbound traffic is not captured');
    if (config.outboundIPRangesInclude === '') why.push('no outbound CIDRs (-i ""): outbound traffic is captured only by port (-q) if at all');
    return {
      entry, why, config, origins, equivalentArgs: equivalentArgs(config), ipv6: config.enableIPv6, dnsCapture: gen.dnsCapture,
      payload: { v4, v6 }, kernelView: { v4: kv4.text, v6: kv6.text }, kernelTables: { v4: kv4.tables, v6: kv6.tables },
      rules: { v4: gen.builder.v4.map((r, i) => withParts(r, r4.lineOf[i])), v6: gen.builder.v6.map((r, i) => withParts(r, r6.lineOf[i])) },
      hostSetup: hostNetworkSetup(config),
      diagnostics: diags,
    };
  } catch (err) {
    diags.push(diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`));
    return emptyResult(entry, why, diags, origins, config);
  }
}

/**
 * Entry path "istio-iptables": argv as an istio-init container carries it (a leading
 * "istio-iptables" word is accepted) and the process environment.
 */
export function captureRulesForArgs(argv: readonly string[], env: Env = {}, context: CaptureContext = {}): CaptureResult {
  try {
    const parsed = configFromArgs(argv, env);
    const why = ['entry path: the istio-iptables command line and environment', ...parsed.why];
    if (parsed.failed) return emptyResult('istio-iptables', why, parsed.diagnostics, parsed.origins);
    return captureFromConfig('istio-iptables', parsed.config, parsed.origins, env, context, why, parsed.diagnostics);
  } catch (err) {
    return emptyResult('istio-iptables', [], [diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`)]);
  }
}
