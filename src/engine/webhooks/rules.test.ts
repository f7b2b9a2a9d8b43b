import { describe, expect, it } from 'vitest';
import type { AdmissionRequest } from './admissionRequest.ts';
import { ruleMismatch } from './rules.ts';

const req = (over: Partial<AdmissionRequest>): AdmissionRequest => ({
  operation: 'CREATE', group: '', version: 'v1', resource: 'pods', subresource: '', namespace: 'ns',
  namespaceLabels: {}, object: null, oldObject: null, ...over,
});
const rule = (resources: string[], scope = '*') => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources, scope });

describe('ruleMismatch', () => {
  it.each([
    [['pods'], {}, true],
    [['pods'], { subresource: 'exec' }, false],
    [['pods/*'], {}, true],
    [['*/exec'], { subresource: 'exec' }, true],
    [['*'], { subresource: 'status' }, false],
    [['*/*'], { subresource: 'status' }, true],
  ])('resources %j on %j → %s', (resources, over, want) => {
    expect(ruleMismatch(rule(resources), req(over)) === undefined).toBe(want);
  });

  it.each([
    ['Namespaced', {}, true],
    ['Namespaced', { namespace: '' }, false],
    ['Cluster', { resource: 'namespaces', namespace: 'ns' }, true],
    ['Cluster', {}, false],
  ])('scope %s on %j → %s', (scope, over, want) => {
    expect(ruleMismatch(rule(['*/*'], scope), req(over)) === undefined).toBe(want);
  });

  it('names the operation that is missing', () => {
    expect(ruleMismatch({ ...rule(['*']), operations: ['UPDATE'] }, req({}))).toBe('operation CREATE is not in operations [UPDATE]');
  });
});
