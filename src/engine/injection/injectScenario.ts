import { parse as parseYaml } from 'yaml';
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { decodeKubeYaml, GO_YAML_SCALARS, readBlockYaml, type DecodedKubeYaml } from '../kube/index.ts';
import { builtinInstallDocuments } from './builtin/index.ts';
import { defaultEngine } from './defaultEngine.ts';
import { withInjectionMemo, type InjectionMemo } from './injectionMemo.ts';
import type { InjectionEngine } from './engine.ts';
import { clusterEnv, envProvenance, type EnvEntry } from './envProvenance.ts';
import { buildInstall, configMapTexts, parseInstallTexts, type InjectionInstall, type InstallDocuments } from './install.ts';
import { parseAnnotationYaml } from './annotationYaml.ts';
import { kubeInjectDocuments, type KubeInjectDocument } from './kubeInject.ts';
import { splitYamlChunks } from './yamlChunks.ts';
import type { PolicyDecision } from '../injectionPolicy/index.ts';
import { podsFromObject } from './podFromWorkload.ts';
import type { Pod } from './postprocess/containers.ts';
import { proxyEnvsFor } from './postprocess/clusterInfo.ts';
import { webhookInject, type ClusterContext, type JsonPatchOperation } from './webhookInject.ts';
import { normalizeProxyConfig, type ProxyConfig } from '../mesh/index.ts';
import { istioTemplateFunctions, sprigFunctionsMissing } from './templateFunctions.ts';
import type { ReleaseBehaviour } from '../releases/index.ts';

export interface InjectScenarioInput {
  /** The user's workloads: a YAML stream (Deployments, Pods, Lists, Services...). */
  workloads: string;
  /** The istio-sidecar-injector ConfigMap, as an object or YAML text; absent = the built-in install. */
  injectorConfigMap?: unknown;
  /** The istio mesh ConfigMap, as an object or YAML text; absent = the built-in mesh. */
  meshConfigMap?: unknown;
  /** Parsed install documents (e.g. from istioctl-style files); each one given replaces the ConfigMaps'/built-in one. */
  install?: Partial<InstallDocuments>;
  context?: Partial<ClusterContext>;
  /** kube-inject's `--revision` (webhook mode uses context.revision). */
  kubeInjectRevision?: string;
  /** The injector ConfigMap carries meshsim's built-in (master) templates, e.g. rewritten for the CNI switch. */
  builtinTemplates?: boolean;
}

/** One pod the webhook saw, with everything the panels show about its injection. */
export interface InjectedPodReport {
  /** The workload it came from. */
  kind: string;
  name: string;
  namespace: string;
  /** istiod skipped it (allowed, no patch): the policy's one-sentence reason. */
  skipped?: string;
  /** istiod rejected it: the message the API server would show. */
  error?: string;
  /** The template (and line:column in it) the error comes from, when it does. */
  errorAt?: { template: string; line?: number; column?: number };
  templates: string[];
  /** The effective ProxyConfig (mesh defaultConfig, ProxyConfig resources, pod annotation), proto-JSON names. */
  proxyConfig?: ProxyConfig;
  before: Pod;
  after?: Pod;
  patch?: JsonPatchOperation[];
  /** Each template's rendered text, in order. */
  rendered: { name: string; text: string }[];
  /** Env vars of the injected containers with where each value came from. */
  env: EnvEntry[];
  /** istio-proxy's literal env as a VM cluster.env. */
  clusterEnv: string;
}

export interface InjectScenarioResult {
  diagnostics: Diagnostic[];
  /** What `istioctl kube-inject -f` prints for the workloads. */
  kubeInject: { output?: string; warnings: string[]; error?: string };
  pods: InjectedPodReport[];
}

const MAX_PODS = 200;

/** An injection with its inputs already read: the install built, the stream split and decoded. */
export interface PreparedInjection {
  install: InjectionInstall;
  /** kube-inject's input stream, one entry per document (see KubeInjectDocument). */
  documents: readonly KubeInjectDocument[];
  /** Where each document starts in `input`, for pointing at a pod istiod rejects. */
  startLines?: readonly number[];
  /** The input the documents were read from (default `workloads`). */
  input?: string;
  context: ClusterContext;
  /** kube-inject's `--revision` (webhook mode uses context.revision). */
  kubeInjectRevision?: string;
  /**
   * istiod's inject decision for the webhook's pods, by document index, when the admission already
   * made it: the decision is computed once and shown once.
   */
  decisions?: readonly (PolicyDecision | undefined)[];
  /** Whether the install's templates were already checked (istiod parses them all when it loads the config). */
  templatesChecked?: boolean;
  /** What earlier injections read (a scenario engine keeps one, injectionMemo.ts); default: this injection's own. */
  memo?: InjectionMemo;
}

/** The app's entry point: kube-inject output plus, per pod, the webhook's view. Never throws. */
export function injectScenario(input: InjectScenarioInput, engine: InjectionEngine = defaultEngine): InjectScenarioResult {
  const diagnostics: Diagnostic[] = [];
  try {
    const install = installFor(input, diagnostics);
    const context = contextOf(input.context);
    const read = readStream(input.workloads);
    diagnostics.push(...read.diagnostics);
    const result = injectPrepared({ install, documents: read.documents, startLines: read.startLines, context, kubeInjectRevision: input.kubeInjectRevision }, engine);
    return { ...result, diagnostics: [...diagnostics, ...result.diagnostics] };
  } catch (err) {
    diagnostics.push(diagnostic('injection', 'error', `internal error: ${messageOf(err)}`));
    return { diagnostics, kubeInject: { warnings: [] }, pods: [] };
  }
}

/** A workloads text split as kube-inject splits it and each document decoded once, for both views. */
function readStream(text: string): { documents: KubeInjectDocument[]; startLines: number[]; diagnostics: Diagnostic[] } {
  const split = splitYamlChunks(text);
  if (split.error) {
    // kube-inject refuses the stream; the webhook still gets the pods the API server would.
    const decoded = decodeKubeYaml(text, 'workloads');
    return { documents: [{ error: split.error }, ...decoded.documents.map((d) => ({ value: d.value }))], startLines: [1, ...decoded.documents.map((d) => d.startLine)], diagnostics: decoded.diagnostics };
  }
  const documents: KubeInjectDocument[] = [];
  const startLines: number[] = [];
  const diagnostics: Diagnostic[] = [];
  let cursor = 0;
  let line = 1;
  for (const chunk of split.chunks) {
    // Chunks are the text's own lines in order, so each is found after the previous one.
    const at = text.indexOf(chunk, cursor);
    for (let i = cursor; i < at; i++) if (text.charCodeAt(i) === 10) line++;
    const decoded = decodeChunk(chunk);
    const errors = decoded.diagnostics.filter((d) => d.severity === 'error');
    diagnostics.push(...decoded.diagnostics.map((d) => (d.source ? { ...d, source: { ...d.source, line: d.source.line + line - 1 } } : d)));
    documents.push(errors.length ? { text: chunk, error: errors[0].message } : { text: chunk, value: decoded.documents[0]?.value });
    startLines.push(line + (decoded.documents[0]?.startLine ?? 1) - 1);
    for (let i = at; i < at + chunk.length; i++) if (text.charCodeAt(i) === 10) line++;
    cursor = at + chunk.length;
  }
  return { documents, startLines, diagnostics };
}

/**
 * One document of the stream as decodeKubeYaml reads it. Machine-written and hand-written
 * workloads are mostly plain block YAML, which the fast block reader reads as the full reader does
 * (kube/blockYaml.ts, held to decodeKubeYaml by its differential test) at a fraction of its cost;
 * anything else, and every error, is the full reader's. The full reader says only errors, so a
 * text the fast reader reads has nothing to say.
 */
function decodeChunk(chunk: string): DecodedKubeYaml {
  const fast = readBlockYaml(chunk, GO_YAML_SCALARS);
  if (fast && fast.value !== null && typeof fast.value === 'object') return { documents: [{ value: fast.value, startLine: firstContentLine(chunk) }], diagnostics: [] };
  return decodeKubeYaml(chunk, 'workloads');
}

/** The 1-based line of a text's first line that is neither blank nor a comment (where its document starts). */
function firstContentLine(text: string): number {
  let line = 1;
  for (let start = 0; start < text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    let i = start;
    while (i < stop && text.charCodeAt(i) === 32) i++;
    if (i < stop && text.charCodeAt(i) !== 35) return line;
    if (end < 0) break;
    start = end + 1;
  }
  return 1;
}

/** kube-inject output plus, per pod, the webhook's view, for inputs already read. Never throws. */
export function injectPrepared(p: PreparedInjection, engine: InjectionEngine = defaultEngine): InjectScenarioResult {
  return withInjectionMemo(p.memo, () => {
    const diagnostics: Diagnostic[] = [];
    try {
      if (!p.templatesChecked) diagnostics.push(...checkTemplates(p.install, engine, p.context.release));
      const kubeInject = kubeInjectView(p, engine);
      const webhook = webhookView(p, engine);
      return { diagnostics: [...diagnostics, ...webhook.diagnostics], kubeInject, pods: webhook.pods };
    } catch (err) {
      diagnostics.push(diagnostic('injection', 'error', `internal error: ${messageOf(err)}`));
      return { diagnostics, kubeInject: { warnings: [] }, pods: [] };
    }
  });
}

/**
 * The two views of an injection computed apart, for a caller that shows one before the other (the
 * app shows kube-inject's output only when its view is opened): each never throws, and both
 * together give what injectPrepared gives. Run them in the same memo (`p.memo`) to read what the
 * templates wrote once.
 */
export function injectPreparedApart(p: PreparedInjection, engine: InjectionEngine = defaultEngine) {
  const internal = (err: unknown) => diagnostic('injection', 'error', `internal error: ${messageOf(err)}`);
  return {
    webhook(): Pick<InjectScenarioResult, 'diagnostics' | 'pods'> {
      return withInjectionMemo(p.memo, () => {
        try {
          return webhookView(p, engine);
        } catch (err) {
          return { diagnostics: [internal(err)], pods: [] };
        }
      });
    },
    kubeInject(): InjectScenarioResult['kubeInject'] & { diagnostics: Diagnostic[] } {
      return withInjectionMemo(p.memo, () => {
        try {
          return { ...kubeInjectView(p, engine), diagnostics: [] };
        } catch (err) {
          return { warnings: [], diagnostics: [internal(err)] };
        }
      });
    },
  };
}

/** What `istioctl kube-inject -f` prints for the documents. */
function kubeInjectView(p: PreparedInjection, engine: InjectionEngine): InjectScenarioResult['kubeInject'] {
  const { install, context } = p;
  const kube = kubeInjectDocuments(p.documents, {
    install,
    revision: p.kubeInjectRevision ?? '',
    nativeSidecars: context.nativeSidecars,
    proxyUID: 1337,
    proxyGID: 1337,
    istiodEnv: context.istiodEnv,
    webhookPath: '',
    injectedAnnotations: {},
    defaultTemplates: ['sidecar'],
    release: context.release,
  }, engine);
  return { output: kube.output, warnings: kube.warnings, error: kube.error };
}

/** Every pod of the documents as istiod's webhook patches it, and the problems on the way. */
function webhookView(p: PreparedInjection, engine: InjectionEngine): Pick<InjectScenarioResult, 'diagnostics' | 'pods'> {
  const { install, context } = p;
  const diagnostics: Diagnostic[] = [];
  const pods: InjectedPodReport[] = [];
  const input = p.input ?? 'workloads';
  p.documents.forEach((doc, index) => {
    if (doc.error !== undefined || !doc.value || typeof doc.value !== 'object') return;
    for (const w of podsFromObject(doc.value as Record<string, any>)) {
      const at = { input, line: p.startLines?.[index] ?? 1, column: 1 };
      if (pods.length >= MAX_PODS) {
        diagnostics.push(diagnostic('injection', 'warning', `only the first ${MAX_PODS} pods are injected`));
        break;
      }
      const report = reportFor(w, install, context, engine, p.decisions?.[index]);
      pods.push(report);
      if (report.error) {
        const where = report.errorAt?.line !== undefined
          ? { input: `template:${report.errorAt.template}`, line: report.errorAt.line, column: report.errorAt.column ?? 1 }
          : at;
        diagnostics.push(diagnostic('injection', 'error', `${w.kind} ${w.name}: ${report.error}`, where));
      }
    }
  });
  return { diagnostics, pods };
}

function reportFor(w: ReturnType<typeof podsFromObject>[number], install: InjectionInstall, context: ClusterContext, engine: InjectionEngine, decision: PolicyDecision | undefined): InjectedPodReport {
  const r = webhookInject(w.pod, w.namespace, install, context, engine, decision);
  const report: InjectedPodReport = { kind: w.kind, name: w.name, namespace: w.namespace, templates: r.injection?.templates ?? [], before: r.before, rendered: r.injection?.rendered ?? [], env: [], clusterEnv: '' };
  if (r.skipped) report.skipped = r.skipped.message;
  if (r.error) report.error = r.error;
  if (r.injection?.errorAt) report.errorAt = r.injection.errorAt;
  if (r.injection) report.proxyConfig = r.injection.proxyConfig;
  if (r.after) {
    report.after = r.after;
    report.patch = r.patch;
    const annotation = r.before.metadata?.annotations?.['proxy.istio.io/config'];
    const fromAnnotation = annotation ? (normalizeProxyConfig(parseAnnotationYaml(annotation).value).config.proxyMetadata as Record<string, string> | undefined) : undefined;
    report.env = envProvenance({
      pod: r.after,
      templatePod: r.injection?.templatePod ?? {},
      rendered: report.rendered,
      meshProxyMetadata: (install.mesh.defaultConfig.proxyMetadata as Record<string, string>) ?? {},
      annotationProxyMetadata: fromAnnotation ?? {},
      clusterEnvNames: Object.keys(proxyEnvsFor(install.values as Record<string, any>, context.webhookPath, r.after.metadata?.labels ?? {})),
    });
    report.clusterEnv = clusterEnv(report.env);
  }
  return report;
}

/** istiod refuses a config whose templates do not all parse; say which one and where. */
export function checkTemplates(install: InjectionInstall, engine: InjectionEngine, release: ReleaseBehaviour | undefined): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const funcs = istioTemplateFunctions({ env: {}, toYaml: () => '', release: install.builtin ? undefined : release });
  const missing = install.builtin ? [] : sprigFunctionsMissing(release);
  for (const [name, text] of Object.entries(install.config.templates)) {
    const r = engine.checkTemplate(name, text, funcs, missing);
    if (r.error === undefined) continue;
    const source = r.line !== undefined ? { input: `template:${name}`, line: r.line, column: r.column ?? 1 } : undefined;
    diagnostics.push(diagnostic('injection', 'error', `injector template ${JSON.stringify(name)} does not parse: ${r.error}`, source));
  }
  return diagnostics;
}

function installFor(input: InjectScenarioInput, diagnostics: Diagnostic[]): InjectionInstall {
  const builtin = builtinInstallDocuments();
  let docs: InstallDocuments = builtin;
  let valuesUnreadable = false;
  if (input.injectorConfigMap !== undefined || input.meshConfigMap !== undefined) {
    const texts = configMapTexts(asObject(input.injectorConfigMap, diagnostics), asObject(input.meshConfigMap, diagnostics));
    const parsed = parseInstallTexts(texts);
    diagnostics.push(...parsed.diagnostics);
    valuesUnreadable = input.injectorConfigMap !== undefined && parsed.unreadable.includes('values');
    docs = {
      config: input.injectorConfigMap !== undefined ? parsed.documents.config : builtin.config,
      values: input.injectorConfigMap !== undefined ? parsed.documents.values : builtin.values,
      mesh: input.meshConfigMap !== undefined ? parsed.documents.mesh : builtin.mesh,
    };
  }
  if (input.install) {
    docs = {
      config: input.install.config !== undefined ? input.install.config : docs.config,
      values: input.install.values !== undefined ? input.install.values : docs.values,
      mesh: input.install.mesh !== undefined ? input.install.mesh : docs.mesh,
    };
  }
  const built = buildInstall(docs);
  diagnostics.push(...built.diagnostics);
  if (valuesUnreadable && input.install?.values === undefined) built.install.valuesUnreadable = true;
  // meshsim's own install (master's chart) unless the user gave their injector config.
  if (input.builtinTemplates || (input.injectorConfigMap === undefined && input.install?.config === undefined)) built.install.builtin = true;
  return built.install;
}

function asObject(v: unknown, diagnostics: Diagnostic[]): unknown {
  if (typeof v !== 'string') return v;
  try {
    return parseYaml(v, { maxAliasCount: 1000 });
  } catch (err) {
    diagnostics.push(diagnostic('injection', 'error', `failed to parse a ConfigMap: ${messageOf(err)}`));
    return undefined;
  }
}

/** Defaults of a cluster context: the Go test harness's (native sidecars on, revision default). */
export function contextOf(c: Partial<ClusterContext> = {}): ClusterContext {
  return {
    nativeSidecars: c.nativeSidecars ?? true,
    platform: c.platform ?? '',
    namespace: c.namespace ?? null,
    istiodEnv: c.istiodEnv ?? {},
    proxyConfigs: c.proxyConfigs ?? [],
    revision: c.revision ?? 'default',
    webhookPath: c.webhookPath ?? '/inject',
    release: c.release,
  };
}
