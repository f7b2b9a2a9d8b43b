/**
 * Go text/template (+ sprig) for meshsim. Public API: parse named templates into a set, execute one with
 * Go-shaped data, register functions. Nothing here throws: failures come back as values whose messages
 * are worded as Go words them.
 *
 * Data: pass values in the model of `values.ts` — what `YAML.parse(text, { intAsBigInt: true })` and
 * `JSON.parse` give already fits (objects are `map[string]interface{}`, bigint is `int`, number is
 * `float64`, null is a nil interface{}). Host structs and protobuf messages are `HostObject`s (build
 * them with `hostObject()` from host.ts or implement the interface); typed maps/slices are `GoMap`/`GoSlice`.
 *
 * Functions: `goFunc(params, impl, { variadic, result })` declares a Go signature with `GoType`s. The
 * evaluator converts and checks arguments as Go does (a literal `3` for an `int` parameter arrives as
 * `3n`, for `float64` as `3`, for `interface {}` as whatever the value is; `reflect.Value` parameters also
 * see the invalid value `undefined`); a variadic tail arrives as one array. `impl` returns any GoValue
 * (host objects included) and reports Go's error result by throwing `GoError`, which the template shows
 * as `error calling NAME: MESSAGE`.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { Tree } from './ast.ts';
import { builtins } from './builtins.ts';
import { ExecError, Executor, defaultLimits, type ExecLimits, type FuncEntry } from './exec.ts';
import { ParseError, isEmptyTree, parseTrees } from './parser.ts';
import { sprigFunctions } from './sprig/index.ts';
import { isolateData, type GoFunc, type GoValue } from './values.ts';

export type { GoFunc, GoType, GoValue, HostObject, GoPlainMap, IntType } from './values.ts';
export { GoError, GoInt, GoMap, GoSlice, NO_FIELD, goFunc } from './values.ts';
// The value model's own reads, for hosts that show their data to templates as Go would see it
// (injection/'s Go and protobuf hosts, its template functions): a map's entries never include
// what JavaScript objects inherit, and a map- or slice-kind value is viewed the same way whatever holds it.
export { getKey, hasKey, isHost, isPlainMap, mapView, setKey, sliceView } from './values.ts';
export { formatValue, printValue, sprintf } from './format.ts';
export { hostObject, type HostObjectSpec } from './host.ts';
export { sprigFunctions };
export { isNotSimulated } from './sprig/unsimulated.ts';
export { defaultLimits, type ExecLimits };

export type FuncMap = Readonly<Record<string, GoFunc>>;

/** Parsed templates and the functions they may call (Go's *template.Template with its associated set). */
export interface TemplateSet {
  readonly trees: ReadonlyMap<string, Tree>;
  readonly funcs: FuncMap;
  /** Name of the first template parsed into the set (Go's receiver template), for messages. */
  readonly root?: string;
}

export interface TemplateError {
  phase: 'parse' | 'exec';
  /** Go's full message, e.g. `template: t:1:5: executing "t" at <.x>: ...`. */
  message: string;
  /** The template whose text holds the problem, and where (1-based line, 1-based column when known). */
  template?: string;
  line?: number;
  column?: number;
  diagnostic: Diagnostic;
}

export type ParseResult = { ok: true; set: TemplateSet } | { ok: false; error: TemplateError };
export type ExecResult = { ok: true; output: string } | { ok: false; error: TemplateError; partialOutput: string };

export interface ExecOptions {
  limits?: Partial<ExecLimits>;
}

/** An empty set with Go's builtins plus `funcs` (for example `sprigFunctions()`). */
export function newTemplateSet(funcs: FuncMap = {}): TemplateSet {
  return { trees: new Map(), funcs: { ...funcs } };
}

/** A set whose functions are extended (later names override earlier ones), as Go's Funcs() does. */
export function registerFunctions(set: TemplateSet, funcs: FuncMap): TemplateSet {
  return { trees: set.trees, funcs: { ...set.funcs, ...funcs }, root: set.root };
}

/** Parses `text` as template `name` into a copy of `set` (Go's `set.New(name).Parse(text)`). */
export function parseTemplate(set: TemplateSet, name: string, text: string): ParseResult {
  const hasFunction = (f: string) => Object.prototype.hasOwnProperty.call(set.funcs, f) || Object.prototype.hasOwnProperty.call(builtins, f);
  let parsed: Map<string, Tree>;
  try {
    parsed = parseTrees(name, text, hasFunction);
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: templateError('parse', e.message, e.templateName, e.line) };
    const why = e instanceof RangeError ? 'the template nests too deeply for meshsim to read' : describe(e);
    return { ok: false, error: templateError('parse', `template: ${name}: ${why}`, name) };
  }
  const trees = new Map(set.trees);
  for (const [k, tree] of parsed) {
    const old = trees.get(k);
    // Go keeps an existing definition whenever the new one is empty (associate()).
    if (old && isEmptyTree(tree.root)) continue;
    trees.set(k, tree);
  }
  return { ok: true, set: { trees, funcs: set.funcs, root: set.root ?? name } };
}

/** Parses several named texts in order into one set (the first is the root, as in the corpus). */
export function parseTemplates(texts: Iterable<readonly [name: string, text: string]>, funcs: FuncMap = {}): ParseResult {
  let set = newTemplateSet(funcs);
  for (const [name, text] of texts) {
    const r = parseTemplate(set, name, text);
    if (!r.ok) return r;
    set = r.set;
  }
  return { ok: true, set };
}

/** Executes template `name` of the set with `data` (Go's ExecuteTemplate). */
export function execute(set: TemplateSet, name: string, data: GoValue, options: ExecOptions = {}): ExecResult {
  const limits = { ...defaultLimits, ...options.limits };
  const tree = set.trees.get(name);
  // Each name is looked up once per run: a template calls the same few functions many times.
  const found = new Map<string, FuncEntry | undefined>();
  const lookupFunc = (f: string): FuncEntry | undefined => {
    let entry = found.get(f);
    if (entry !== undefined || found.has(f)) return entry;
    if (Object.prototype.hasOwnProperty.call(set.funcs, f)) entry = { fn: set.funcs[f], builtin: false };
    else if (Object.prototype.hasOwnProperty.call(builtins, f)) entry = { fn: builtins[f], builtin: true };
    found.set(f, entry);
    return entry;
  };
  if (!tree) {
    const message = set.trees.size === 0
      ? `template: ${name}: "${name}" is an incomplete or empty template`
      : `template: no template ${JSON.stringify(name)} associated with template ${JSON.stringify(set.root ?? '')}`;
    return { ok: false, error: templateError('exec', message, name), partialOutput: '' };
  }
  // Go's Execute takes reflect.ValueOf(data): a nil interface becomes the invalid value.
  // Its maps are rebuilt without prototypes first (values.ts, isolateData).
  const dot = data === null ? undefined : isolateData(data);
  const ex = new Executor({ trees: set.trees, lookupFunc, limits }, name, dot);
  try {
    ex.run(tree, dot);
    return { ok: true, output: ex.out.join('') };
  } catch (e) {
    const partialOutput = ex.out.join('');
    if (e instanceof ExecError) {
      const m = /^template: ([^:]+):(\d+):(\d+): /.exec(e.message);
      const error = m ? templateError('exec', e.message, m[1], Number(m[2]), Number(m[3]) + 1) : templateError('exec', e.message, name);
      return { ok: false, error, partialOutput };
    }
    const message = e instanceof RangeError
      ? `template: ${name}: execution stopped: the template calls itself or nests too deeply for meshsim to follow`
      : `template: ${name}: internal error: ${describe(e)}`;
    return { ok: false, error: templateError('exec', message, name), partialOutput };
  }
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function templateError(phase: 'parse' | 'exec', message: string, template?: string, line?: number, column?: number): TemplateError {
  const diagnostic: Diagnostic = { origin: 'template', severity: 'error', message };
  if (template !== undefined && line !== undefined) diagnostic.source = { input: template, line, column: column ?? 1 };
  return { phase, message, template, line, column, diagnostic };
}
