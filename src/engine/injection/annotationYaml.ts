import { cloneJson } from '../kube/index.ts';
import { parse } from 'yaml';

/** Annotation texts by text, parsed: one annotation is read by the validation, both renders and the env view. */
const cache = new Map<string, { value?: unknown; error?: string }>();

/**
 * YAML written in an annotation (`proxy.istio.io/config`, `sidecar.istio.io/...`), read as istiod
 * reads it; the same text is parsed once however many steps of an injection read it. Each caller
 * gets a copy of the value.
 */
export function parseAnnotationYaml(text: string): { value?: unknown; error?: string } {
  let hit = cache.get(text);
  if (!hit) {
    try {
      hit = { value: parse(text) };
    } catch (err) {
      hit = { error: err instanceof Error ? err.message.split('\n')[0] : String(err) };
    }
    if (cache.size >= 16) cache.delete(cache.keys().next().value as string);
    cache.set(text, hit);
  }
  return 'error' in hit ? hit : { value: cloneJson(hit.value) };
}
