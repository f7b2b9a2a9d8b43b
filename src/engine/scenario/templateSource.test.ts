import { describe, expect, it } from 'vitest';
import { templateSourceInInjector } from './templateSource.ts';

const text = `apiVersion: v1
kind: ConfigMap
metadata:
  name: istio-sidecar-injector
data:
  config: |
    policy: enabled
    templates:
      other: |
        spec: {}
      sidecar: |
        metadata:
          labels: {{ .Bad }}
`;

describe('templateSourceInInjector', () => {
  it('maps a template line:column onto the Injector tab', () => {
    // sidecar line 2, column 19 is the {{ of "labels: {{ .Bad }}"
    expect(templateSourceInInjector(text, { input: 'injector', line: 6, column: 11 }, 'sidecar', 2, 11)).toEqual({ input: 'injector', line: 13, column: 19 });
    expect(text.split('\n')[12].slice(18, 20)).toBe('{{');
  });

  it('gives up when the template is not there', () => {
    expect(templateSourceInInjector(text, { input: 'injector', line: 6, column: 11 }, 'missing', 1, 1)).toBeUndefined();
    expect(templateSourceInInjector(text, undefined, 'sidecar', 1, 1)).toBeUndefined();
  });
});
