import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, createJsonPatch, type JsonPatchOperation } from './jsonPatch.ts';
import type { JsonValue } from './sigsYamlWriter.ts';

const CASES: [string, JsonValue, JsonValue, JsonPatchOperation[]][] = [
  ['identical documents need no operations', { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, []],
  ['added, changed and removed keys', { a: 1, b: 2 }, { b: 3, c: 4 },
    [{ op: 'replace', path: '/b', value: 3 }, { op: 'add', path: '/c', value: 4 }, { op: 'remove', path: '/a' }]],
  ['arrays: surplus removed from the end backwards, then common indexes compared', { l: [1, 2, 3, 4] }, { l: [9, 2] },
    [{ op: 'remove', path: '/l/3' }, { op: 'remove', path: '/l/2' }, { op: 'replace', path: '/l/0', value: 9 }]],
  ['arrays: new items appended before common indexes are compared', { l: ['x'] }, { l: ['y', 'z'] },
    [{ op: 'add', path: '/l/1', value: 'z' }, { op: 'replace', path: '/l/0', value: 'y' }]],
  ['a change of type replaces', { a: { b: 1 } }, { a: [1] }, [{ op: 'replace', path: '/a', value: [1] }]],
  ['keys are escaped as RFC 6901 tokens', { m: {} }, { m: { 'a/b~c': 1 } }, [{ op: 'add', path: '/m/a~1b~0c', value: 1 }]],
  ['null to null is no change, null to value replaces', { a: null, b: null }, { a: null, b: 1 }, [{ op: 'replace', path: '/b', value: 1 }]],
];

describe('createJsonPatch', () => {
  it.each(CASES)('%s', (_name, before, after, ops) => {
    expect(createJsonPatch(before, after)).toEqual(ops);
    expect(applyJsonPatch(before, ops).value).toEqual(after);
  });

  it('always produces a patch that turns before into after', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (before, after) => {
        const b = { root: before as JsonValue };
        const a = { root: after as JsonValue };
        const r = applyJsonPatch(b, createJsonPatch(b, a));
        expect(r.error).toBeUndefined();
        expect(JSON.parse(JSON.stringify(r.value))).toEqual(JSON.parse(JSON.stringify(a)));
      }),
      { numRuns: 300 },
    );
  });

  it('replaces the whole document when it is nested too deeply to walk', () => {
    let deep: JsonValue = 1;
    for (let i = 0; i < 3_000; i++) deep = [deep];
    const ops = createJsonPatch({ a: deep }, { a: 2 });
    expect(ops).toEqual([{ op: 'replace', path: '/a', value: 2 }]);
    const ops2 = createJsonPatch({ a: deep }, { a: [deep] });
    expect(ops2).toEqual([{ op: 'replace', path: '', value: { a: [deep] } }]);
  });

  it('reports a patch that does not apply instead of throwing', () => {
    expect(applyJsonPatch({}, [{ op: 'remove', path: '/missing' }]).error).toBeDefined();
  });
});
