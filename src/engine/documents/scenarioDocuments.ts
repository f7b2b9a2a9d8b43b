import { diagnostic, textOf, type Diagnostic } from '../diagnostics.ts';
import type { Document } from 'yaml';
import { objectSizeRefusal, parseYamlDocuments, type YamlDocument } from '../yaml/index.ts';
import { apiServerRefusals, unknownFieldWarnings, type ApiServerRefusal } from '../validation/index.ts';
import { classifyDocument } from './classify.ts';
import type { TemplatedKind } from '../kube/index.ts';
import { whyNoPodTemplate } from '../kube/index.ts';
import type { DocumentRole } from './kinds.ts';

/** One object of the scenario: where it came from, what it is, and its path inside its document. */
export interface ScenarioObject {
  doc: YamlDocument;
  /** Path from the document root to this object ([] unless it is an item of a List). */
  path: (string | number)[];
  value: Record<string, any>;
  role: DocumentRole;
  /** What the API server would refuse about the object (validation/apiServerValidity.ts); absent when nothing. */
  refusals?: ApiServerRefusal[];
}

export interface Workload extends ScenarioObject {
  /** The object's kind: one of Kubernetes' own (WorkloadKind), or another controller's (`templated`). */
  kind: string;
  /** Set for an object of another controller (an Argo Rollout, a Knative Service...): whose it is and what meshsim does not simulate. */
  templated?: TemplatedKind;
  name: string;
  namespace: string;
  /** The pod template ({metadata, spec}); for a Pod, the Pod itself. */
  podTemplate: { metadata: Record<string, any>; spec: Record<string, any> };
  /** Path from the document root to the pod template. */
  podTemplatePath: (string | number)[];
}

export interface ScenarioDocuments {
  objects: ScenarioObject[];
  /** Webhook configurations, Namespaces and ConfigMaps the API server could not decode: left out of `objects`, said in `diagnostics`. */
  refused?: ScenarioObject[];
  workloads: Workload[];
  diagnostics: Diagnostic[];
}

/** Hostile input: a List is read at most this deep, and an input at most this many objects. */
const MAX_LIST_DEPTH = 4;
const MAX_OBJECTS = 100_000;

/** One input text, parsed once: its documents (with positions), its objects and its workloads. */
export interface InputDocuments extends ScenarioDocuments {
  input: string;
  /** The text it was read from, and the yaml library's parse of it, for editing it (suggestions). */
  text: string;
  readonly stream: Document.Parsed[];
  /** Whether the text parsed without errors (an edit is only applied to such a text). */
  editable: boolean;
}

/** Parses one input text and sorts its objects by role. Never throws. */
export function readInputDocuments(name: string, text: string, budget: { objects: number } = { objects: 0 }): InputDocuments {
  const objects: ScenarioObject[] = [];
  const refused: ScenarioObject[] = [];
  const diagnostics: Diagnostic[] = [];
  const parsed = parseYamlDocuments(text, name);
  diagnostics.push(...parsed.diagnostics);
  for (const doc of parsed.documents) collect(doc, doc.value, [], 0, { objects, refused }, diagnostics, budget);
  const workloads: Workload[] = [];
  for (const o of objects) {
    if (o.role.role !== 'workload') continue;
    const w = toWorkload(o, o.role, diagnostics);
    if (w) workloads.push(w);
  }
  return {
    input: name,
    text,
    // The yaml library's documents, parsed only when a suggestion's edit asks for them (parseDocuments.ts).
    get stream() {
      return parsed.stream;
    },
    editable: !parsed.diagnostics.some((d) => d.severity === 'error'),
    objects,
    refused,
    workloads,
    diagnostics,
  };
}

/**
 * The scenario as one list of objects, in input order. The inputs' own objects are kept (not
 * copied), so an input that did not change keeps the identity of everything read from it.
 */
export function combineInputDocuments(inputs: readonly ScenarioDocuments[]): ScenarioDocuments {
  return {
    objects: inputs.flatMap((i) => i.objects),
    refused: inputs.flatMap((i) => i.refused ?? []),
    workloads: inputs.flatMap((i) => i.workloads),
    diagnostics: inputs.flatMap((i) => i.diagnostics),
  };
}

/** Parses every input text of a scenario and sorts its objects by role. Never throws. */
export function readScenarioDocuments(inputs: { name: string; text: string }[]): ScenarioDocuments {
  const budget = { objects: 0 };
  return combineInputDocuments(inputs.map((i) => readInputDocuments(i.name, i.text, budget)));
}

function collect(
  doc: YamlDocument,
  value: unknown,
  path: (string | number)[],
  depth: number,
  into: { objects: ScenarioObject[]; refused: ScenarioObject[] },
  diagnostics: Diagnostic[],
  budget: { objects: number },
): void {
  if (budget.objects >= MAX_OBJECTS) {
    if (budget.objects++ === MAX_OBJECTS) diagnostics.push(diagnostic('documents', 'error', `more than ${MAX_OBJECTS} objects: the rest are not read`, doc.locate(path)));
    return;
  }
  const role = classifyDocument(value);
  if (role.role === 'list') {
    const items = (value as any).items;
    if (!Array.isArray(items)) {
      diagnostics.push(diagnostic('documents', 'warning', 'a List without items', doc.locate(path)));
      return;
    }
    if (depth >= MAX_LIST_DEPTH) {
      diagnostics.push(diagnostic('documents', 'error', `Lists nested deeper than ${MAX_LIST_DEPTH} are not read`, doc.locate(path)));
      return;
    }
    items.forEach((item, i) => collect(doc, item, [...path, 'items', i], depth + 1, into, diagnostics, budget));
    return;
  }
  // One object is one request to the API server, which refuses any over 3 MiB (yaml/inputLimits.ts).
  const v = value as { kind?: unknown; metadata?: { name?: unknown } } | null;
  const tooLarge = role.role === 'other' ? undefined : objectSizeRefusal(doc.sizeOf?.(path), `${typeof v?.kind === 'string' ? v.kind : 'the object'} ${typeof v?.metadata?.name === 'string' ? v.metadata.name : ''}`.trim());
  if (tooLarge) {
    diagnostics.push(diagnostic('documents', 'error', tooLarge, doc.locate(path)));
    return;
  }
  // What the API server would refuse about the object itself (validation/apiServerValidity.ts).
  let refusals: ApiServerRefusal[] = [];
  if (role.role !== 'other') {
    const templatePath = role.role === 'workload' ? role.templatePath : undefined;
    const what = `${typeof v?.kind === 'string' ? v.kind : 'the object'} ${typeof v?.metadata?.name === 'string' ? v.metadata.name : ''}`.trim();
    refusals = apiServerRefusals(doc, path, value as Record<string, any>, templatePath);
    // A workload the API server refuses keeps its place (its verdict says it is rejected); a webhook
    // configuration, Namespace or ConfigMap it cannot decode never exists in the cluster, so it is left out.
    const leftOut = role.role !== 'workload' && refusals.some((r) => r.phase === 'decode');
    for (const r of refusals) diagnostics.push(diagnostic('documents', 'error', `${what}: the API server would refuse this object: ${r.message}${leftOut ? '; meshsim leaves it out, as the cluster would not have it' : ''}`, r.at ?? doc.locate(path)));
    if (leftOut) {
      into.refused.push({ doc, path, value: value as Record<string, any>, role, refusals });
      return;
    }
    // Fields the API server would drop (its field validation warns; kubectl's strict default refuses), unless it cannot read the object at all.
    if (role.role === 'workload' && !refusals.some((r) => r.phase === 'decode')) {
      for (const w of unknownFieldWarnings(doc, path, value as Record<string, any>)) diagnostics.push(diagnostic('documents', 'warning', `${what}: ${w.message}`, w.at));
    }
  }
  if (role.role === 'other') {
    const where = doc.locate([...path, 'kind']) ?? doc.locate(path);
    // A controller meshsim knows whose object has no template says why; others are only not used.
    const why = whyNoPodTemplate(value);
    diagnostics.push(why ? diagnostic('documents', 'warning', why, where) : diagnostic('documents', 'info', `${role.kind === '(no kind)' ? 'a document without a kind' : `kind ${role.kind}`} is not used by the simulation`, where));
  }
  if (role.role === 'configMap') {
    // Only the injector and mesh ConfigMaps are read (by name); any other says so, as a Service does.
    const where = doc.locate([...path, 'metadata', 'name']) ?? doc.locate([...path, 'kind']) ?? doc.locate(path);
    const name = textOf((value as any)?.metadata?.name) || '(unnamed)';
    diagnostics.push(diagnostic('documents', 'info', `ConfigMap ${name} is not used by the simulation (only istio-sidecar-injector* and istio* ConfigMaps are)`, where));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    budget.objects++;
    into.objects.push({ doc, path, value: value as Record<string, any>, role, ...(refusals.length ? { refusals } : {}) });
  }
}

function toWorkload(o: ScenarioObject, role: Extract<DocumentRole, { role: 'workload' }>, diagnostics: Diagnostic[]): Workload | undefined {
  const { kind, templatePath: rel } = role;
  let template: any = o.value;
  for (const key of rel) template = template?.[key];
  const name = textOf(o.value.metadata?.name ?? o.value.metadata?.generateName);
  if (!template || typeof template !== 'object') {
    diagnostics.push(diagnostic('documents', 'error', `${kind} ${name || '(unnamed)'} has no pod template at ${rel.join('.')}`, o.doc.locate(o.path)));
    return undefined;
  }
  const metadata = template.metadata && typeof template.metadata === 'object' ? template.metadata : {};
  const spec = template.spec && typeof template.spec === 'object' ? template.spec : {};
  if (!Array.isArray(spec.containers) || spec.containers.length === 0) {
    diagnostics.push(diagnostic('documents', 'warning', `${kind} ${name || '(unnamed)'} has no containers`, o.doc.locate([...o.path, ...rel, 'spec']) ?? o.doc.locate(o.path)));
  }
  return {
    ...o,
    kind,
    ...(role.templated ? { templated: role.templated } : {}),
    name,
    namespace: textOf(o.value.metadata?.namespace),
    podTemplate: { metadata, spec },
    podTemplatePath: [...o.path, ...rel],
  };
}
