import { describe, expect, it } from 'vitest';
import { selectTemplates, unknownTemplateError } from './selectTemplates.ts';

const config = { defaultTemplates: ['sidecar'], aliases: { both: ['sidecar', 'spire'] } };

describe('selectTemplates', () => {
  it.each([
    ['no annotation: the defaults', undefined, ['sidecar']],
    ['annotation list, trimmed, duplicates kept', { 'inject.istio.io/templates': 'gateway, sidecar,sidecar' }, ['gateway', 'sidecar', 'sidecar']],
    ['aliases expand once', { 'inject.istio.io/templates': 'both,grpc' }, ['sidecar', 'spire', 'grpc']],
    ['an empty annotation names the empty template', { 'inject.istio.io/templates': '' }, ['']],
  ])('%s', (_, annotations, expected) => {
    expect(selectTemplates(annotations, config)).toEqual(expected);
  });

  it('words the unknown-template error as istiod does', () => {
    expect(unknownTemplateError('x', { sidecar: '', gateway: '' })).toBe('requested template "x" not found; have gateway, sidecar');
  });
});
