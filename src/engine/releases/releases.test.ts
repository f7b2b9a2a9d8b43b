import { describe, expect, it } from 'vitest';
import { behaviourOf, BASE_1_22_0, describeRange, isShippedIn, MASTER, parseRelease, patchDependentRows, release, RELEASE_ROWS, compareReleases } from './index.ts';

const r = (text: string) => parseRelease(text).release!;

describe('parseRelease', () => {
  it.each([
    ['1.24', { kind: 'numbered', minor: 24, patch: Infinity }],
    ['1.24.3', { kind: 'numbered', minor: 24, patch: 3 }],
    ['v1.24.3', { kind: 'numbered', minor: 24, patch: 3 }],
    ['1.24.3-distroless', { kind: 'numbered', minor: 24, patch: 3 }],
    ['master', { kind: 'master' }],
  ])('%s', (text, want) => expect(parseRelease(text).release).toEqual(want));

  it('refuses what it cannot simulate, in words', () => {
    expect(parseRelease('1.21.4').error).toMatch(/older than 1\.22\.0/);
    expect(parseRelease('banana').error).toMatch(/not an Istio release/);
    expect(parseRelease('1.31.0')).toMatchObject({ release: MASTER, note: expect.stringMatching(/newer/) });
  });

  it('orders releases, master last', () => {
    const list = ['master', '1.24', '1.24.0', '1.22.8', '1.30.1'].map(r).sort(compareReleases);
    expect(list).toEqual(['1.22.8', '1.24.0', '1.24', '1.30.1', 'master'].map(r));
  });
});

describe('shipped-in ranges', () => {
  const backported = ['1.28.6', '1.29.1'];
  it.each([
    ['1.27.9', false], ['1.28.5', false], ['1.28.6', true], ['1.28', true], ['1.29.0', false], ['1.29.1', true], ['1.30.0', true], ['master', true],
  ])('1.28.6+, 1.29.1+ holds %s: %s', (text, want) => expect(isShippedIn(backported, r(text))).toBe(want));

  it('master-only changes are in master only', () => {
    expect(isShippedIn(['master'], r('1.30'))).toBe(false);
    expect(isShippedIn(['master'], MASTER)).toBe(true);
  });

  it('describes ranges as releases.md writes them', () => {
    expect(describeRange({ from: ['1.25'] })).toBe('1.25+');
    expect(describeRange({ from: ['master'] })).toBe('master');
    expect(describeRange({ until: ['1.25'] })).toBe('1.22.0+ before 1.25');
  });
});

describe('the release table', () => {
  it('1.22.0 is the base', () => expect(behaviourOf(release(22, 0))).toEqual(BASE_1_22_0));

  it('every row changes something and names its source', () => {
    for (const row of RELEASE_ROWS) {
      expect(Object.keys(row.set).length, row.what).toBeGreaterThan(0);
      expect(row.ref, row.what).toMatch(/§\d/);
    }
  });

  it.each([
    ['1.24.0', (b: ReturnType<typeof behaviourOf>) => [b.kubeInject.creationTimestampNull, b.nativeSidecars.mode, b.templates.multusNamespaceAware, b.iptables.dns], [true, 'annotationOrEnv', false, 'legacy']],
    ['1.24.4', (b: ReturnType<typeof behaviourOf>) => [b.templates.multusNamespaceAware], [true]],
    ['1.25.0', (b: ReturnType<typeof behaviourOf>) => [b.templates.multusNamespaceAware, b.iptables.dns, b.cni.rerouteInterfaces], [false, 'chains', 'rerouteOverwrites']],
    ['1.27.1', (b: ReturnType<typeof behaviourOf>) => [b.cni.rerouteInterfaces, b.nativeSidecars.mode, b.iptables.ip6tablesOptional], ['rerouteOverwrites', 'decision', false]],
    ['1.28.0', (b: ReturnType<typeof behaviourOf>) => [b.kubeInject.creationTimestampNull, b.templates.omitNil, b.validation.proxyResources], [false, false, false]],
    ['master', (b: ReturnType<typeof behaviourOf>) => [b.templates.proxyInitImageField, b.prometheus.scrapeTargets, b.templates.omitNil], [true, true, true]],
  ])('%s', (text, pick, want) => expect(pick(behaviourOf(r(text)))).toEqual(want));

  it('a minor without a patch is its latest patch, and says what that assumes', () => {
    expect(behaviourOf(r('1.28')).templates.omitNil).toBe(true);
    expect(patchDependentRows(r('1.28')).map((row) => row.what)).toEqual(expect.arrayContaining([expect.stringMatching(/omitNil/), expect.stringMatching(/resource annotations/)]));
    expect(patchDependentRows(r('1.28.2'))).toEqual([]);
  });
});
