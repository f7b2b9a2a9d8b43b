import { describe, expect, it } from 'vitest';
import { fields, findField, shapeOf, structFields } from './schemaTypes.ts';
import { KUBE_INJECT_SCHEME, KUBE_TYPES } from './workloadSchema.ts';

function structNamesIn(type: string): string[] {
  const s = shapeOf(type);
  if (s.kind === 'pointer' || s.kind === 'slice' || s.kind === 'map') return structNamesIn(s.elem);
  return s.kind === 'struct' ? [s.name] : [];
}

describe('the Kubernetes schema table', () => {
  it('refers only to types it defines', () => {
    const missing: string[] = [];
    for (const [name, list] of Object.entries(KUBE_TYPES)) {
      for (const f of list) for (const ref of structNamesIn(f.type)) if (!KUBE_TYPES[ref]) missing.push(`${name}.${f.json || '(inline)'} → ${ref}`);
    }
    expect(missing).toEqual([]);
  });

  it('has no duplicate JSON names in a struct, embedded fields included', () => {
    const dupes: string[] = [];
    for (const name of Object.keys(KUBE_TYPES)) {
      const names = structFields(KUBE_TYPES, name).map((f) => f.json);
      for (const n of new Set(names)) if (names.filter((x) => x === n).length > 1) dupes.push(`${name}.${n}`);
    }
    expect(dupes).toEqual([]);
  });

  it('gives every merge-strategy list a merge key or scalar elements', () => {
    const bad: string[] = [];
    for (const [name, list] of Object.entries(KUBE_TYPES)) {
      for (const f of list) {
        if (!f.patchStrategy?.startsWith('merge')) continue;
        const elem = shapeOf(f.type);
        if (elem.kind === 'slice' && structNamesIn(elem.elem).length > 0 && !f.patchMergeKey) bad.push(`${name}.${f.json}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('maps every kube-inject kind to a defined type', () => {
    for (const type of Object.values(KUBE_INJECT_SCHEME)) expect(KUBE_TYPES[type]).toBeDefined();
  });
});

describe('fields()', () => {
  it('reads flags, strategies and merge keys', () => {
    expect(fields('containers []Container merge key=name', 'tty bool omitempty', 'inline TypeMeta')).toEqual([
      { json: 'containers', type: '[]Container', omitempty: false, omitzero: false, patchStrategy: 'merge', patchMergeKey: 'name' },
      { json: 'tty', type: 'bool', omitempty: true, omitzero: false },
      { json: '', type: 'TypeMeta', omitempty: false, omitzero: false },
    ]);
  });

  it('findField prefers an exact name, then ignores case', () => {
    const list = structFields(KUBE_TYPES, 'EnvVar');
    expect(findField(list, 'name')?.json).toBe('name');
    expect(findField(list, 'VALUEFROM')?.json).toBe('valueFrom');
    expect(findField(list, 'nope')).toBeUndefined();
  });
});
