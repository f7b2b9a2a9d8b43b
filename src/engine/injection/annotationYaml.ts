import { cloneJson } from '../kube/index.ts';
import { parse } from 'yaml';
import { remembered } from './injectionMemo.ts';

/**
 * YAML written in an annotation (`proxy.istio.io/config`, `sidecar.istio.io/...`), read as istiod
 * reads it; the same text is parsed once per injection memo however many steps of an injection
 * read it (injectionMemo.ts). Each caller gets a copy of the value.
 */
export function parseAnnotationYaml(text: string): { value?: unknown; error?: string } {
  const hit = remembered('annotation YAML', text, (): { value?: unknown; error?: string } => {
    try {
      return { value: parse(text) };
    } catch (err) {
      return { error: err instanceof Error ? err.message.split('\n')[0] : String(err) };
    }
  });
  return 'error' in hit ? hit : { value: cloneJson(hit.value) };
}
