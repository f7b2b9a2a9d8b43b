import { describe, expect, it } from 'vitest';
import { createStageRunner, sameValue, type AnyStage, type StageContext } from './pipeline.ts';

// The machinery on its own, with stages built from the registry's ids (their outputs typed loosely).
type LooseStage = { [K in keyof AnyStage]?: (ctx: StageContext, ...rest: any[]) => any };
const stage = (id: string, s: LooseStage): AnyStage => ({ id, reads: () => [], run: () => undefined, fallback: () => undefined, ...s }) as unknown as AnyStage;

describe('createStageRunner', () => {
  it('runs a stage again only when a value it reads changed', () => {
    const calls: string[] = [];
    const runner = createStageRunner([
      stage('parse:workloads', { reads: (ctx) => [ctx.input.texts.workloads], run: (ctx) => (calls.push('a'), `A(${ctx.input.texts.workloads})`) }),
      stage('parse:mesh', { reads: (ctx) => [ctx.input.texts.mesh], run: (ctx) => (calls.push('b'), `B(${ctx.input.texts.mesh})`) }),
      stage('model', { reads: (ctx) => [ctx.get('parse:workloads'), ctx.get('parse:mesh')], run: (ctx) => (calls.push('c'), `${ctx.get('parse:workloads')}+${ctx.get('parse:mesh')}`) }),
    ]);
    expect(runner.run({ texts: { workloads: '1', mesh: 'x' } }).get('model')).toBe('A(1)+B(x)');
    expect(calls).toEqual(['a', 'b', 'c']);
    const again = runner.run({ texts: { workloads: '1', mesh: 'x' } });
    expect(again.get('model')).toBe('A(1)+B(x)');
    expect(again.ran).toEqual([]);
    const edited = runner.run({ texts: { workloads: '2', mesh: 'x' } });
    expect(edited.get('model')).toBe('A(2)+B(x)');
    expect(edited.ran).toEqual(['parse:workloads', 'model']);
  });

  it('compares plain options by value, so a structured clone of the same options reuses the memo', () => {
    let runs = 0;
    const runner = createStageRunner([stage('trace', { reads: (ctx) => [ctx.input.traffic], run: () => ++runs })]);
    runner.run({ texts: {}, traffic: { family: 'ipv4', preset: 'p' } }).get('trace');
    runner.run({ texts: {}, traffic: structuredClone({ family: 'ipv4', preset: 'p' }) }).get('trace');
    expect(runs).toBe(1);
    runner.run({ texts: {}, traffic: { family: 'ipv6', preset: 'p' } }).get('trace');
    expect(runs).toBe(2);
  });

  it('runs only what is pulled', () => {
    let ran = false;
    const runner = createStageRunner([stage('model', { run: () => (ran = true) }), stage('selection', { run: () => 0 })]);
    expect(runner.run({ texts: {} }).get('selection')).toBe(0);
    expect(ran).toBe(false);
  });

  it('turns an internal failure into a diagnostic and the fallback, and reports it again while the memo is reused', () => {
    const runner = createStageRunner([
      stage('model', { reads: (ctx) => [ctx.input.texts.mesh], run: () => { throw new Error('boom'); }, fallback: () => 'empty' }),
    ]);
    for (let i = 0; i < 2; i++) {
      const run = runner.run({ texts: { mesh: 'x' } });
      expect(run.get('model')).toBe('empty');
      expect(run.diagnostics().map((d) => d.message)).toEqual(['internal error in model: boom']);
    }
  });

  it('refuses a stage that depends on itself instead of recursing', () => {
    const runner = createStageRunner([
      stage('model', { reads: (ctx) => [ctx.get('selection')], fallback: () => 'cut' }),
      stage('selection', { reads: (ctx) => [ctx.get('model')], fallback: () => -1 }),
    ]);
    const run = runner.run({ texts: {} });
    expect(run.get('model')).toBe(undefined);
    expect(run.diagnostics().map((d) => d.message).join('\n')).toMatch(/depends on itself \(model → selection → model\)/);
  });

  it('collects diagnostics in registry order, whatever order the stages ran in', () => {
    const d = (m: string) => [{ source: undefined, section: m, severity: 'info' as const, message: m }];
    const runner = createStageRunner([
      stage('parse:workloads', { run: () => 'a', diagnostics: () => d('first') }),
      stage('model', { reads: (ctx) => [ctx.get('parse:workloads')], run: () => 'b', diagnostics: () => d('second') }),
    ]);
    const run = runner.run({ texts: {} });
    run.get('model');
    expect(run.diagnostics().map((x) => x.message)).toEqual(['first', 'second']);
  });
});

describe('sameValue', () => {
  it('is identity or equal plain data within a budget', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }, { left: 100 })).toBe(true);
    expect(sameValue({ a: [1] }, { a: [2] }, { left: 100 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined }, { left: 100 })).toBe(false);
    const big = Array.from({ length: 1000 }, (_, i) => ({ i }));
    expect(sameValue(big, structuredClone(big), { left: 10 })).toBe(false);
    expect(sameValue(big, big, { left: 0 })).toBe(true);
    const fn = () => 1;
    expect(sameValue({ f: fn }, { f: () => 1 }, { left: 100 })).toBe(false);
  });
});
