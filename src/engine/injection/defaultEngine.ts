import {
  execute, newTemplateSet, parseTemplate, registerFunctions, sprigFunctions, type FuncMap, type TemplateSet,
} from '../gotemplate/index.ts';
import * as kube from '../kube/index.ts';
import type { InjectionEngine } from './engine.ts';
import type { Container, Pod } from './postprocess/containers.ts';

/** Parsed templates by text: parsing the install's templates once is most of a render's cost. */
const parsedCache = new Map<string, TemplateSet | { error: string; line?: number; column?: number }>();
const CACHE_LIMIT = 64;

/** Sprig's names are what the parser must know; the Istio functions are bound per render. */
function parsed(name: string, text: string, funcs: FuncMap): TemplateSet | { error: string; line?: number; column?: number } {
  const key = `${name}\u0000${text}`;
  const hit = parsedCache.get(key);
  if (hit) return hit;
  const r = parseTemplate(registerFunctions(newTemplateSet(sprigFunctions()), funcs), name, text);
  const value = r.ok ? r.set : { error: r.error.message, line: r.error.line, column: r.error.column };
  if (parsedCache.size >= CACHE_LIMIT) parsedCache.delete(parsedCache.keys().next().value as string);
  parsedCache.set(key, value);
  return value;
}

function roundTrip(type: string, value: unknown, fromYaml = false): unknown {
  return kube.typedRoundTrip(type, value as kube.JsonValue, { fromYaml }).value;
}

/** The Go type kube-inject decodes an object into, by apiVersion/kind. */
export function kubeInjectType(obj: Record<string, unknown>): string | undefined {
  return kube.KUBE_INJECT_SCHEME[`${String(obj.apiVersion ?? '')}/${String(obj.kind ?? '')}`];
}

/** The injection engine over src/engine/gotemplate and src/engine/kube. */
export const defaultEngine: InjectionEngine = {
  render(name, text, data, funcs) {
    const set = parsed(name, text, funcs);
    if ('error' in set) return { error: set.error };
    const r = execute(registerFunctions(set, funcs), name, data);
    return r.ok ? { output: r.output } : { error: r.error.message, line: r.error.line, column: r.error.column };
  },
  checkTemplate(name, text, funcs) {
    const set = parsed(name, text, funcs);
    return 'error' in set ? set : {};
  },
  parseYaml(text) {
    const d = kube.decodeKubeYaml(text, 'template');
    const err = d.diagnostics.find((x) => x.severity === 'error');
    if (err) return { error: err.message };
    return { value: d.documents[0]?.value ?? null };
  },
  toYaml(value) {
    return kube.toSigsYaml(value as kube.JsonValue);
  },
  mergePod(pod, patch) {
    const r = kube.mergeOverlay('Pod', pod as kube.JsonValue, patch as kube.JsonValue);
    return r.value ? { value: r.value as Pod } : { error: r.error ?? 'strategic merge failed' };
  },
  mergeContainer(base, user) {
    return kube.strategicMergeContainer(base as kube.JsonValue, user as kube.JsonValue) as Container;
  },
  roundTripPod(pod) {
    return roundTrip('Pod', pod) as Pod;
  },
  roundTripObject(obj) {
    const type = kubeInjectType(obj);
    return (type ? roundTrip(type, obj) : obj) as Record<string, unknown>;
  },
  containerJSON(c) {
    return kube.goJsonMarshal(roundTrip('Container', c) as kube.JsonValue, 'Container');
  },
};
