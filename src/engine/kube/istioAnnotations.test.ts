import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ISTIO_ANNOTATIONS, ISTIO_ANNOTATIONS, istioAnnotation } from './istioAnnotations.ts';

const engine = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Names of Istio's API groups and repositories that read like labels but are neither. */
const NOT_METADATA = new Set(['istio.io/api']);

describe('the Istio annotation registry', () => {
  it('holds every Istio label and annotation an engine source names', () => {
    const missing = new Map<string, string>();
    for (const file of sources(engine)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?<![\w.-])(?:[a-z]+\.)*istio\.io\/[A-Za-z][\w.-]*/g)) {
        const name = m[0].replace(/\.$/, '');
        // API versions (networking.istio.io/v1alpha3) are groups, not metadata.
        if (/\/v\d+((alpha|beta)\d+)?$/.test(name) || NOT_METADATA.has(name)) continue;
        if (!istioAnnotation(name)) missing.set(name, file.slice(engine.length));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('names each entry once, and every check it declares is a function or a named kind', () => {
    const names = ALL_ISTIO_ANNOTATIONS.map((a) => a.name);
    expect(new Set(names).size).toBe(Object.keys(ISTIO_ANNOTATIONS).length);
    for (const a of ALL_ISTIO_ANNOTATIONS) {
      if (a.istiod !== undefined) expect(typeof a.istiod === 'function' || a.istiod === 'proxyConfig').toBe(true);
      if (a.istiodWhen) expect(a.istiod).toBeDefined();
      if (a.cniWhen) expect(a.cni).toBeDefined();
    }
  });

  it("checks values in each program's own words", () => {
    const istiod = ISTIO_ANNOTATIONS.excludeInboundPorts.istiod as (v: string) => string | undefined;
    const cni = ISTIO_ANNOTATIONS.excludeInboundPorts.cni!;
    expect(istiod('80,8080')).toBeUndefined();
    expect(cni('80,8080')).toBeUndefined();
    expect(istiod('80,http')).toMatch(/^excludeInboundPorts invalid: failed parsing port "http"/);
    expect(cni('80,http')).toBe('portList "80,http" invalid: failed parsing port "http"');
    const mode = ISTIO_ANNOTATIONS.interceptionMode;
    expect((mode.istiod as (v: string) => string | undefined)('NONE')).toBeUndefined();
    expect(mode.cni!('NONE')).toBe('interceptionMode invalid: NONE');
  });
});
