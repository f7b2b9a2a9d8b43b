import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES, builtinInstall } from './builtin/index.ts';
import { defaultEngine, sigsYamlMemo } from './defaultEngine.ts';
import { newInjectionMemo, withInjectionMemo } from './injectionMemo.ts';
import { checkTemplates } from './injectScenario.ts';

// A template that does not parse: checkTemplate hands back the parse's own error value, so whether
// two checks share one parse shows in whether they hand back the same object.
const PASTED = 'spec:\n  containers: {{ .Values.global.proxy';

describe('defaultEngine keeps what it learns with its owner', () => {
  it('parses a pasted template once per injection memo, never across memos', () => {
    const a = newInjectionMemo();
    const first = withInjectionMemo(a, () => defaultEngine.checkTemplate('sidecar', PASTED, {}));
    const again = withInjectionMemo(a, () => defaultEngine.checkTemplate('sidecar', PASTED, {}));
    const fresh = withInjectionMemo(newInjectionMemo(), () => defaultEngine.checkTemplate('sidecar', PASTED, {}));
    expect(first.error).toMatch(/unclosed action|unexpected/);
    expect(again).toBe(first);
    expect(fresh).not.toBe(first);
    expect(fresh).toEqual(first);
  });

  it('parses a pasted template every time outside an injection', () => {
    const one = defaultEngine.checkTemplate('sidecar', PASTED, {});
    expect(defaultEngine.checkTemplate('sidecar', PASTED, {})).not.toBe(one);
  });

  it('still checks the built-in templates (their parses are the module\'s: fixed at build time)', () => {
    const install = builtinInstall();
    expect(Object.values(install.config.templates).sort()).toEqual(Object.values(BUILTIN_TEMPLATES).sort());
    expect(withInjectionMemo(newInjectionMemo(), () => checkTemplates(install, defaultEngine, undefined))).toEqual([]);
    expect(checkTemplates(install, defaultEngine, undefined)).toEqual([]);
  });

  it('writes YAML with the memo of the injection in use, and a new one per memo', () => {
    const a = newInjectionMemo();
    const memo = withInjectionMemo(a, sigsYamlMemo);
    expect(withInjectionMemo(a, sigsYamlMemo)).toBe(memo);
    expect(withInjectionMemo(newInjectionMemo(), sigsYamlMemo)).not.toBe(memo);
    const text = withInjectionMemo(a, () => defaultEngine.toYaml({ metadata: { name: 'web', labels: { app: 'web' } } }));
    expect(text).toBe('metadata:\n  labels:\n    app: web\n  name: web\n');
    expect(memo.facts.has('labels')).toBe(true);
    expect(memo.orders.size).toBeGreaterThan(0);
  });
});
