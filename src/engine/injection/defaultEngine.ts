import {
  execute, newTemplateSet, parseTemplate, registerFunctions, sprigFunctions, type FuncMap, type TemplateSet,
} from '../gotemplate/index.ts';
import * as kube from '../kube/index.ts';
import { BUILTIN_TEMPLATES } from './builtin/index.ts';
import type { InjectionEngine } from './engine.ts';
import { remembered } from './injectionMemo.ts';
import type { Container, Pod } from './postprocess/containers.ts';

type Parsed = TemplateSet | { error: string; line?: number; column?: number };

/*
 * Parsing an install's templates is most of a render's cost, so a parse is kept — where it belongs.
 * A pasted template is the user's: it is kept in the injection memo (injectionMemo.ts), which lives
 * as long as the scenario engine that injects, so a fresh engine (a cold analysis) parses it again.
 * meshsim's built-in templates are fixed when meshsim is built, so their parses are kept here, by the
 * module, for as long as it is loaded: bounded, as the release's function names vary the key.
 */
const builtinParses = new Map<string, Map<string, Parsed>>();
const BUILTIN_PARSE_LIMIT = 64;
let builtinTexts: ReadonlySet<string> | undefined;

function isBuiltinTemplate(text: string): boolean {
  builtinTexts ??= new Set(Object.values(BUILTIN_TEMPLATES));
  return builtinTexts.has(text);
}

/**
 * Sprig's names and the release's Istio function names are what the parser must know (a name the
 * release lacks fails the parse); the Istio functions themselves are bound per render.
 *
 * Parses are kept by the template's text first, then by its name and the function names: a key
 * made by joining the text to the rest would be a new string of the whole template, hashed anew,
 * on every render.
 */
function parsed(name: string, text: string, funcs: FuncMap, withoutSprig: readonly string[] = []): Parsed {
  const key = `${name}\u0000${Object.keys(funcs).join(',')}\u0000${withoutSprig.join(',')}`;
  const byKey = isBuiltinTemplate(text) ? builtinParsesOf(text) : remembered('parsed template', text, () => new Map<string, Parsed>());
  const hit = byKey.get(key);
  if (hit) return hit;
  const sprig = withoutSprig.length ? Object.fromEntries(Object.entries(sprigFunctions()).filter(([f]) => !withoutSprig.includes(f))) : sprigFunctions();
  const r = parseTemplate(registerFunctions(newTemplateSet(sprig), funcs), name, text);
  const value: Parsed = r.ok ? r.set : { error: r.error.message, line: r.error.line, column: r.error.column };
  // A text is parsed under a handful of names and function sets at most; bounded all the same.
  if (byKey.size >= BUILTIN_PARSE_LIMIT) byKey.delete(byKey.keys().next().value as string);
  byKey.set(key, value);
  return value;
}

/** The parses of one built-in template text (a handful of texts, fixed when meshsim is built). */
function builtinParsesOf(text: string): Map<string, Parsed> {
  let byKey = builtinParses.get(text);
  if (!byKey) builtinParses.set(text, (byKey = new Map()));
  return byKey;
}

/** The writer's memo of strings and key orders, kept with the injection's (one per call outside one). */
export function sigsYamlMemo(): kube.SigsYamlMemo {
  return remembered('sigs.k8s.io/yaml writer', '', kube.newSigsYamlMemo);
}

function roundTrip(type: string, value: unknown, fromYaml = false, table?: kube.StructTable, caseSensitive = false): unknown {
  return kube.typedRoundTrip(type, value as kube.JsonValue, { fromYaml, table, caseSensitive }).value;
}

/** The Go type kube-inject decodes an object into: by apiVersion/kind, else by Kind alone. */
export function kubeInjectType(obj: Record<string, unknown>): string | undefined {
  return kube.kubeInjectTypeOf(obj);
}

/** The injection engine over src/engine/gotemplate and src/engine/kube. */
export const defaultEngine: InjectionEngine = {
  render(name, text, data, funcs, withoutSprig) {
    const set = parsed(name, text, funcs, withoutSprig);
    if ('error' in set) return { error: set.error };
    const r = execute(registerFunctions(set, funcs), name, data);
    return r.ok ? { output: r.output } : { error: r.error.message, line: r.error.line, column: r.error.column };
  },
  checkTemplate(name, text, funcs, withoutSprig) {
    const set = parsed(name, text, funcs, withoutSprig);
    return 'error' in set ? set : {};
  },
  parseYaml(text) {
    // kube-inject and the webhook usually render the same text: it is read once per injection
    // memo (injectionMemo.ts). Both get the same value, which they only read (the strategic merge
    // copies what it merges).
    return remembered('rendered YAML', text, () => {
      // Templates print plain block YAML, which the fast reader reads as the full one does; it
      // hands anything else (and every error) to the full reader (kube/blockYaml.ts).
      const fast = kube.readBlockYaml(text, kube.GO_YAML_SCALARS);
      if (fast) return fast;
      const d = kube.decodeKubeYaml(text, 'template');
      const err = d.diagnostics.find((x) => x.severity === 'error');
      return err ? { error: err.message } : { value: d.documents[0]?.value ?? null };
    });
  },
  toYaml(value) {
    return kube.toSigsYaml(value as kube.JsonValue, sigsYamlMemo());
  },
  mergePod(pod, patch) {
    const r = kube.mergeOverlay('Pod', pod as kube.JsonValue, patch as kube.JsonValue);
    return r.value ? { value: r.value as Pod } : { error: r.error ?? 'strategic merge failed' };
  },
  mergeContainer(base, user) {
    return kube.strategicMergeContainer(base as kube.JsonValue, user as kube.JsonValue) as Container;
  },
  roundTripPod(pod, options) {
    return roundTrip('Pod', pod, false, undefined, options?.caseSensitive) as Pod;
  },
  roundTripObject(obj, options) {
    const type = kubeInjectType(obj);
    const table = options?.zeroTimeAsNull ? kube.KUBE_TYPES_ZERO_TIME_AS_NULL : undefined;
    return (type ? roundTrip(type, obj, false, table) : obj) as Record<string, unknown>;
  },
  containerJSON(c) {
    return kube.goJsonMarshal(roundTrip('Container', c) as kube.JsonValue, 'Container');
  },
};
