import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { normaliseSave } from '../netfilter/index.ts';
import { captureRulesForArgs } from './capture.ts';
import { captureRulesForCni } from './fromCni.ts';

// The conformance corpus lives outside the repository; read it at run time, never copy it in.
const CORPUS = resolve(__dirname, '../../../../shared/conformance/iptables');
const cases = existsSync(CORPUS) ? readdirSync(CORPUS).filter((d) => existsSync(join(CORPUS, d, 'case.yaml'))).sort() : [];
if (!cases.length) console.warn(`SKIPPING the iptables corpus test: ${CORPUS} is absent`);

const read = (dir: string, file: string) => readFileSync(join(CORPUS, dir, file), 'utf8');
const groups = { java: 2001, ftp: 2002 };

describe.skipIf(!cases.length)('iptables corpus', () => {
  it.each(cases)('%s', (name) => {
    const spec = parse(read(name, 'case.yaml'));
    const ctx = { ...spec.context, groups };
    const result = spec.entry === 'istio-cni'
      ? captureRulesForCni({ pod: spec.input.pod, cniConfig: spec.input.cniConfig, cniArgs: spec.input.cniArgs, pluginEnv: spec.input.pluginEnv }, ctx)
      : captureRulesForArgs(spec.input.args, spec.input.env ?? {}, ctx);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.ipv6).toBe(!!spec.expected.ipv6);
    expect(result.payload.v4).toBe(read(name, spec.expected.v4));
    if (spec.expected.ipv6) expect(result.payload.v6).toBe(read(name, spec.expected.v6));
    // The recorded listings had their `#` lines and chain counters removed (README); the engine prints them.
    if (spec.expected.kernelView?.v4) expect(normaliseSave(result.kernelView.v4)).toBe(read(name, spec.expected.kernelView.v4));
    if (spec.expected.kernelView?.v6) expect(normaliseSave(result.kernelView.v6)).toBe(read(name, spec.expected.kernelView.v6));
    // CNI cases carry the equivalent istio-iptables flags: they must give the same payload.
    if (spec.derived?.args) expect(captureRulesForArgs(spec.derived.args, {}, ctx).payload.v4).toBe(result.payload.v4);
  });
});
