import { diagnostic, textOf, type Diagnostic } from '../diagnostics.ts';
import { CHART_DEFAULT_POLICY, IGNORED_NAMESPACES, INJECT_KEY, injectorTargetOf, injectRequired, isInjectorWebhook, type InjectorTarget, type PolicyDecision, type PolicyEvidence } from '../injectionPolicy/index.ts';
import type { ScenarioObject } from '../documents/index.ts';
import type { MutatingWebhook, WebhookConfiguration, WebhookEvaluation } from '../webhooks/index.ts';
import { NAMESPACE_NAME_LABEL, namespaceLabelsAsServed, podCreateRequest } from '../webhooks/index.ts';
import { checkInject } from '../webhooks/index.ts';
import { evaluateWebhook } from '../webhooks/index.ts';
import { requirementOrigin } from '../webhooks/index.ts';
import { byteOrder } from '../webhooks/index.ts';
import { namespaceLabelsOf, podAnnotationsOf, podLabelsOf, podTemplateOf, type PodSubject } from './podSubject.ts';
import { locatorOf, type IndexedInjectorConfig, type ScenarioIndex } from './scenarioIndex.ts';
import { unservedRevision } from './unservedRevision.ts';
import { releaseOfRevision } from '../releases/index.ts';
import type { DoubleInjection, InjectorCall, SeenValue, TraceStep, Verdict, WebhookRow, WorkloadAdmission } from './types.ts';

export type AdmissionCore = Omit<WorkloadAdmission, 'workload' | 'suggestions'>;

const REV_KEY = 'istio.io/rev';
/** Keys that only count on the pod template; on a controller's own metadata they do nothing. */
const POD_ONLY_KEYS = [INJECT_KEY, REV_KEY];

function findInjectorConfig(index: ScenarioIndex, revision: string, namespace: string | undefined): IndexedInjectorConfig | undefined {
  const candidates = index.injectorConfigs.filter((c) => c.revision === revision);
  return candidates.find((c) => !namespace || !c.namespace || c.namespace === namespace) ?? candidates[0];
}

/** Steps about the workload object itself: keys written where they have no effect. */
/** YAML turns `true`, `1`, `on`... into non-strings; the API server refuses such label and annotation values. */
function unquotedValues(map: unknown, what: string, locate: (k: string) => ReturnType<PodSubject['locateWorkload']>): Diagnostic[] {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  return Object.entries(map as Record<string, unknown>)
    .filter(([, v]) => typeof v !== 'string')
    .map(([k, v]) => {
      const scalar = typeof v !== 'object' || v === null;
      const shown = scalar ? String(v) : JSON.stringify(v).slice(0, 80);
      return diagnostic('admission', 'error', `${what} ${k}: ${shown} is not a string, so the API server would refuse the object${scalar ? `; quote it: "${v === null ? '' : String(v)}"` : ''}`, locate(k));
    });
}

function workloadSteps(s: PodSubject, diagnostics: Diagnostic[]): TraceStep[] {
  const steps: TraceStep[] = [];
  const meta = [...s.templatePath, 'metadata'];
  const tplMeta = podTemplateOf(s).metadata ?? {};
  diagnostics.push(...unquotedValues(tplMeta.labels, 'label', (k) => s.locateWorkload([...meta, 'labels', k])));
  diagnostics.push(...unquotedValues(tplMeta.annotations, 'annotation', (k) => s.locateWorkload([...meta, 'annotations', k])));
  diagnostics.push(...unquotedValues(s.namespaceValue?.metadata?.labels, `namespace ${s.namespace} label`, (k) => s.locateNamespace?.(['metadata', 'labels', k])));
  const labels = podLabelsOf(s);
  const annotations = podAnnotationsOf(s);
  const templateAt = s.templatePath.length ? s.templatePath.join('.') : '';
  const where = templateAt ? `the pod template (${templateAt}.metadata)` : 'the Pod';
  const values: SeenValue[] = [];
  for (const key of POD_ONLY_KEYS) {
    if (key in labels) values.push({ name: `label ${key}`, value: labels[key], source: s.locateWorkload([...s.templatePath, 'metadata', 'labels', key]) });
    if (key in annotations) values.push({ name: `annotation ${key}`, value: annotations[key], source: s.locateWorkload([...s.templatePath, 'metadata', 'annotations', key]) });
  }
  steps.push({
    id: 'workload:template',
    stage: 'workload',
    title: `labels and annotations of ${where}`,
    outcome: 'pass',
    detail: values.length ? `the pod will carry ${values.map((v) => `${v.name}=${JSON.stringify(v.value)}`).join(', ')}` : `the pod carries neither ${INJECT_KEY} nor ${REV_KEY}`,
    values,
  });
  if (!s.templatePath.length) return steps;
  for (const place of ['labels', 'annotations'] as const) {
    const own = s.value.metadata?.[place];
    if (!own || typeof own !== 'object') continue;
    for (const key of POD_ONLY_KEYS) {
      if (!(key in own)) continue;
      const source = s.locateWorkload(['metadata', place, key]);
      const detail = `${key}: ${JSON.stringify(textOf(own[key]))} is written on the ${s.kind}'s own metadata.${place}; it has no effect — only ${templateAt}.metadata is copied onto the pod`;
      steps.push({ id: `workload:misplaced:${place}:${key}`, stage: 'workload', title: `${key} on the ${s.kind}'s metadata`, outcome: 'fail', detail, values: [{ name: `${s.kind} ${place.slice(0, -1)} ${key}`, value: textOf(own[key]), source }] });
      diagnostics.push(diagnostic('admission', 'warning', detail, source));
    }
  }
  return steps;
}

function evidenceValues(e: PolicyEvidence[], s: PodSubject, cm: IndexedInjectorConfig | undefined): SeenValue[] {
  return e.map((x): SeenValue => {
    switch (x.kind) {
      case 'hostNetwork':
        return { name: 'spec.hostNetwork', value: String(x.value), source: s.locateWorkload([...s.templatePath, 'spec', 'hostNetwork']) };
      case 'namespace':
        return { name: 'namespace', value: x.value, source: s.locateWorkload(['metadata', 'namespace']) };
      case 'podLabel':
        return { name: `label ${x.key}`, ...(x.value !== undefined ? { value: x.value } : {}), source: s.locateWorkload([...s.templatePath, 'metadata', 'labels', x.key]) };
      case 'podAnnotation':
        return { name: `annotation ${x.key}`, ...(x.value !== undefined ? { value: x.value } : {}), source: s.locateWorkload([...s.templatePath, 'metadata', 'annotations', x.key]) };
      case 'policy':
        return { name: 'policy', value: x.value, source: cm?.locateConfig(['policy']) };
      default:
        return { name: `${x.kind}[${x.index}]`, source: cm?.locateConfig([x.kind, x.index]) };
    }
  });
}

/** What failurePolicy and reinvocationPolicy mean for a webhook that is called. */
function callNotes(failurePolicy: string, reinvocationPolicy: string): string {
  const failure = failurePolicy === 'Ignore'
    ? '; failurePolicy Ignore: if it cannot be reached, the pod is created without it'
    : '; failurePolicy Fail: if it cannot be reached, the pod is rejected (even a pod istiod would skip)';
  const again = reinvocationPolicy === 'IfNeeded' ? '; reinvocationPolicy IfNeeded: called again if a later webhook changes the pod' : '';
  return failure + again;
}

/** Label combinations users often misread: which one wins is decided by the webhooks' selectors. */
function labelConfusions(s: PodSubject, podLabels: Record<string, string>, nsLabels: Record<string, string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const nsAt = (k: string) => s.locateNamespace?.(['metadata', 'labels', k]);
  const podAt = (place: string, k: string) => s.locateWorkload([...s.templatePath, 'metadata', place, k]);
  if (nsLabels['istio-injection'] !== undefined && nsLabels[REV_KEY] !== undefined) {
    out.push(diagnostic('admission', 'info', `namespace ${s.namespace} has both istio-injection=${nsLabels['istio-injection']} and ${REV_KEY}=${nsLabels[REV_KEY]}: with Istio's webhooks istio-injection takes precedence and the revision label is ignored`, nsAt(REV_KEY)));
  }
  if (nsLabels[REV_KEY] !== undefined && podLabels[REV_KEY] !== undefined && podLabels[REV_KEY] !== nsLabels[REV_KEY]) {
    out.push(diagnostic('admission', 'info', `the pod's ${REV_KEY}=${podLabels[REV_KEY]} differs from the namespace's ${REV_KEY}=${nsLabels[REV_KEY]}: with Istio's webhooks the namespace label decides`, podAt('labels', REV_KEY)));
  }
  return out;
}

/** The deprecated annotation, read against what actually happened to the pod. */
function annotationNote(s: PodSubject, podLabels: Record<string, string>, podAnnotations: Record<string, string>, reachedIstiod: boolean): Diagnostic | undefined {
  const value = podAnnotations[INJECT_KEY];
  if (value === undefined || podLabels[INJECT_KEY] !== undefined) return undefined;
  const at = s.locateWorkload([...s.templatePath, 'metadata', 'annotations', INJECT_KEY]);
  if (value === 'true' && !reachedIstiod) {
    return diagnostic('admission', 'info', `${INJECT_KEY}: "true" is an annotation: the API server's objectSelector reads labels only, so the annotation cannot get a webhook to call istiod — use the label`, at);
  }
  if (value === 'false' && reachedIstiod) {
    return diagnostic('admission', 'info', `${INJECT_KEY}: "false" is an annotation: the webhook is still called and istiod then skips the pod; the label would keep the API server from calling istiod at all (the annotation is deprecated)`, at);
  }
  return undefined;
}

/** One webhook as the API server weighs it for the pod. */
interface WeighedWebhook {
  configuration: WebhookConfiguration;
  object: ScenarioObject;
  webhook: MutatingWebhook;
  evaluation: WebhookEvaluation;
  injector: boolean;
}

/** An istiod a called injection webhook reaches, and what it decides for the pod. */
interface ReachedIstiod {
  weighed: WeighedWebhook;
  /** The configuration the reach was read from (the first of that name, as the rows name it). */
  conf: WebhookConfiguration;
  target: InjectorTarget;
  cm: IndexedInjectorConfig | undefined;
  release: ReturnType<typeof releaseOfRevision>;
  decision: PolicyDecision;
}

/** What the API server and istiod decide for one pod, before any of it is explained. */
interface AdmissionDecision {
  podLabels: Record<string, string>;
  podAnnotations: Record<string, string>;
  template: Record<string, any>;
  nsWritten: Record<string, string>;
  namespaceLabels: Record<string, string>;
  sorted: ScenarioIndex['configurations'];
  weighed: WeighedWebhook[];
  rejecting?: WeighedWebhook;
  calledInjectors: WeighedWebhook[];
  reached: ReachedIstiod[];
}

/**
 * The decision alone: which webhooks the API server calls and what each istiod reached decides.
 * admitPod explains it (steps, sources, sentences); a suggestion's verification needs only its
 * verdict (admissionVerdict), so it runs this and none of the explaining.
 */
function decideAdmission(s: PodSubject, index: ScenarioIndex, ignoredNamespaces: readonly string[]): AdmissionDecision {
  const podLabels = podLabelsOf(s);
  const podAnnotations = podAnnotationsOf(s);
  const template = podTemplateOf(s);
  const nsWritten = namespaceLabelsOf(s);
  const namespaceLabels = namespaceLabelsAsServed(s.namespace, nsWritten);
  // The API server: every webhook of every configuration, configurations by name.
  const request = podCreateRequest(s.namespace, nsWritten, { kind: 'Pod', labels: podLabels, value: { apiVersion: 'v1', kind: 'Pod', ...template, metadata: { ...(template.metadata ?? {}), namespace: s.namespace } } });
  request.namespaceObject = { apiVersion: 'v1', kind: 'Namespace', ...(s.namespaceValue ?? {}), metadata: { ...(s.namespaceValue?.metadata ?? {}), name: s.namespace, labels: namespaceLabels } };
  const sorted = [...index.configurations].sort((a, b) => byteOrder(a.configuration.name, b.configuration.name));
  const weighed: WeighedWebhook[] = [];
  for (const { configuration, object } of sorted) {
    for (const w of configuration.webhooks) weighed.push({ configuration, object, webhook: w, evaluation: evaluateWebhook(w, request), injector: isInjectorWebhook(w) });
  }
  const rejecting = weighed.find((w) => w.evaluation.rejects !== undefined);
  const calledInjectors = weighed.filter((w) => w.evaluation.called && w.injector);
  const reached: ReachedIstiod[] = [];
  if (!rejecting) {
    for (const w of calledInjectors) {
      const conf = sorted.find((c) => c.configuration.name === w.evaluation.configuration)!.configuration;
      const target = injectorTargetOf(conf.webhooks[w.evaluation.webhookIndex], conf.labels);
      const cm = findInjectorConfig(index, target.revision, target.namespace);
      const release = releaseOfRevision(index.releases, target.revision);
      const config = { ...(cm ? cm.read.config : CHART_DEFAULT_POLICY), ...(release ? { injectValue: release.behaviour.injection.injectValue } : {}) };
      const decision = injectRequired({ namespace: s.namespace, labels: podLabels, annotations: podAnnotations, hostNetwork: template.spec?.hostNetwork === true }, config, ignoredNamespaces);
      reached.push({ weighed: w, conf, target, cm, release, decision });
    }
  }
  return { podLabels, podAnnotations, template, nsWritten, namespaceLabels, sorted, weighed, ...(rejecting ? { rejecting } : {}), calledInjectors, reached };
}

/** What a suggestion's verification compares: the verdict, the revisions that inject, and whether more than one injector is called. */
export interface AdmissionVerdict {
  verdict: Verdict;
  injectedBy: string[];
  double: boolean;
}

function verdictOfDecision(d: AdmissionDecision): AdmissionVerdict {
  const injecting = d.reached.filter((i) => i.decision.inject);
  const verdict: Verdict = d.rejecting ? 'rejected' : injecting.length ? 'injected' : 'not-injected';
  return { verdict, injectedBy: [...new Set(injecting.map((i) => i.target.revision))], double: d.calledInjectors.length > 1 };
}

/** admitPod's verdict without its explanation (the same decision, none of the steps, sources or sentences). */
export function admissionVerdict(s: PodSubject, index: ScenarioIndex, ignoredNamespaces: readonly string[] = IGNORED_NAMESPACES): AdmissionVerdict {
  return verdictOfDecision(decideAdmission(s, index, ignoredNamespaces));
}

/** Runs one pod through the API server's webhook selection and every istiod it reaches. */
export function admitPod(s: PodSubject, index: ScenarioIndex, ignoredNamespaces: readonly string[] = IGNORED_NAMESPACES): AdmissionCore {
  const diagnostics: Diagnostic[] = [];
  const steps: TraceStep[] = workloadSteps(s, diagnostics);
  const decided = decideAdmission(s, index, ignoredNamespaces);
  const { podLabels, podAnnotations, nsWritten, namespaceLabels, sorted } = decided;

  steps.push({
    id: 'namespace',
    stage: 'namespace',
    title: `namespace ${s.namespace}`,
    outcome: 'pass',
    detail: s.namespaceValue
      ? `labels ${Object.entries(namespaceLabels).map(([k, v]) => `${k}=${v}`).join(', ')}${nsWritten[NAMESPACE_NAME_LABEL] === undefined ? ` (${NAMESPACE_NAME_LABEL} is added by the API server)` : ''}`
      : `the scenario has no Namespace ${s.namespace}; it is taken to have no labels but ${NAMESPACE_NAME_LABEL}=${s.namespace}`,
    values: Object.entries(namespaceLabels).map(([k, v]) => ({ name: `namespace label ${k}`, value: v, source: s.locateNamespace?.(['metadata', 'labels', k]) })),
    ...(s.locateNamespace ? { source: s.locateNamespace([]) } : {}),
  });

  diagnostics.push(...labelConfusions(s, podLabels, nsWritten));

  const webhooks: WebhookRow[] = [];
  for (const { configuration, object, webhook: w, evaluation, injector } of decided.weighed) {
    const locate = locatorOf(object);
    for (const [field, check, labelAt] of [
      ['namespaceSelector', evaluation.namespaceSelector, (k: string) => s.locateNamespace?.(['metadata', 'labels', k])],
      ['objectSelector', evaluation.objectSelector, (k: string) => s.locateWorkload([...s.templatePath, 'metadata', 'labels', k])],
    ] as const) {
      for (const r of check.requirements) {
        const origin = requirementOrigin(w[field], r);
        const at = origin && locate(['webhooks', w.index, field, ...origin]);
        if (at) r.source = at;
        const labelSource = r.present ? labelAt(r.key) : undefined;
        if (labelSource) r.labelSource = labelSource;
      }
    }
    const target = injector ? injectorTargetOf(w, configuration.labels) : undefined;
    webhooks.push({ ...evaluation, injector, ...(target ? { revision: target.revision, revisionVia: target.via } : {}), source: locate(['webhooks', w.index, 'name']) ?? locate([]) });
    steps.push({
      id: `apiserver:${configuration.name}/${w.name}`,
      stage: 'apiserver',
      title: `webhook ${w.name} (${configuration.name})`,
      outcome: evaluation.called ? 'pass' : evaluation.stoppedAt === 'invalid' ? 'skip' : 'fail',
      detail: `${evaluation.called ? 'called' : 'not called'}: ${evaluation.called ? evaluation.reason.replace(/^called: /, '') : evaluation.reason}${target && evaluation.called ? ` → istiod revision ${target.revision}` : ''}${evaluation.called ? callNotes(evaluation.failurePolicy, evaluation.reinvocationPolicy) : ''}`,
      values: [
        ...evaluation.namespaceSelector.requirements.map((r) => ({ name: `namespace ${r.text}`, ...(r.present ? { value: r.actual } : {}), source: s.locateNamespace?.(['metadata', 'labels', r.key]) })),
        ...evaluation.objectSelector.requirements.map((r) => ({ name: `pod ${r.text}`, ...(r.present ? { value: r.actual } : {}), source: s.locateWorkload([...s.templatePath, 'metadata', 'labels', r.key]) })),
      ],
      source: locate(['webhooks', w.index]) ?? locate([]),
    });
  }

  // The rows are the weighed webhooks, in the same order.
  const rowOf = (w: WeighedWebhook) => webhooks[decided.weighed.indexOf(w)];
  const rejecting = decided.rejecting && rowOf(decided.rejecting);
  const calledInjectors = decided.calledInjectors.map(rowOf);
  const injectors: InjectorCall[] = [];
  for (const { weighed, conf, target, cm, release, decision } of decided.reached) {
    const w = rowOf(weighed);
    injectors.push({
      configuration: w.configuration,
      webhook: w.webhook,
      revision: target.revision,
      ...(cm ? { configMap: { name: cm.name, namespace: cm.namespace, source: locatorOf(cm.object)(['metadata', 'name']) } } : {}),
      policySource: cm ? 'configMap' : 'chart-default',
      decision,
      pathEnv: target.pathEnv,
      ...(release ? { release: release.label } : {}),
    });
    const prefix = `istiod:${target.revision}:${w.configuration}/${w.webhook}`;
    const tag = conf.labels['istio.io/tag'];
    const via = tag ? `${target.via} (revision tag ${tag} → revision ${target.revision})` : target.via;
    steps.push({
      id: `${prefix}:config`,
      stage: 'istiod',
      title: `istiod revision ${target.revision}${release ? ` (${release.label})` : ''}`,
      outcome: 'pass',
      detail: cm
        ? `reached through ${via}; reads ConfigMap ${cm.namespace ? `${cm.namespace}/` : ''}${cm.name} (policy ${JSON.stringify(cm.read.config.policy)})`
        : `reached through ${via}; the scenario has no ConfigMap istio-sidecar-injector${target.revision === 'default' ? '' : `-${target.revision}`}, so the chart's defaults are assumed (policy enabled, no selectors)`,
      values: [],
      ...(cm ? { source: locatorOf(cm.object)([]) } : {}),
    });
    if (!cm) diagnostics.push(diagnostic('admission', 'info', `no injector ConfigMap for revision ${target.revision} in the scenario: assuming policy enabled`));
    for (const ps of decision.steps) {
      steps.push({ id: `${prefix}:${ps.rule}`, stage: 'istiod', title: ps.check, outcome: ps.outcome, detail: ps.detail, values: evidenceValues(ps.evidence, s, cm) });
    }
    for (const warning of decision.warnings) diagnostics.push(diagnostic('admission', 'warning', `istiod ${target.revision}: ${warning}`));
  }

  if (podAnnotations['sidecar.istio.io/status'] !== undefined && injectors.length) {
    diagnostics.push(diagnostic('admission', 'info', 'the pod already carries sidecar.istio.io/status (it was injected before, e.g. by kube-inject): istiod has no "already injected" check and injects it again, replacing the previous sidecar', s.locateWorkload([...s.templatePath, 'metadata', 'annotations', 'sidecar.istio.io/status'])));
  }
  const note = annotationNote(s, podLabels, podAnnotations, injectors.length > 0);
  if (note) diagnostics.push(note);
  const injecting = injectors.filter((i) => i.decision.inject);
  const injectedBy = [...new Set(injecting.map((i) => i.revision))];
  let verdict: Verdict;
  let summary: string;
  let decidingStep: string;
  if (rejecting) {
    verdict = 'rejected';
    summary = `Rejected: webhook ${rejecting.webhook} (${rejecting.configuration}) cannot evaluate its matchConditions and its failurePolicy is Fail — ${rejecting.rejects}`;
    decidingStep = `apiserver:${rejecting.configuration}/${rejecting.webhook}`;
  } else if (injecting.length) {
    const first = injecting[0];
    const row = webhooks.find((w) => w.configuration === first.configuration && w.webhook === first.webhook)!;
    verdict = 'injected';
    summary = `Injected by istiod revision ${first.revision} through webhook ${first.webhook} (${first.configuration}): ${row.reason.replace(/^called: /, '')}; istiod: ${first.decision.message.replace(/^injected: /, '')}`;
    decidingStep = `istiod:${first.revision}:${first.configuration}/${first.webhook}:${first.decision.rule}`;
  } else if (injectors.length) {
    const first = injectors[0];
    verdict = 'not-injected';
    summary = `Not injected: webhook ${first.webhook} (${first.configuration}) sends the pod to istiod revision ${first.revision}, which skips it — ${first.decision.message.replace(/^not injected: /, '')}`;
    decidingStep = `istiod:${first.revision}:${first.configuration}/${first.webhook}:${first.decision.rule}`;
  } else {
    verdict = 'not-injected';
    decidingStep = 'apiserver:none';
    const injectorRows = webhooks.filter((w) => w.injector);
    const injectorWebhooks = sorted.flatMap(({ configuration }) => configuration.webhooks.filter(isInjectorWebhook));
    const unserved = injectorRows.length ? unservedRevision(injectorWebhooks, nsWritten, podLabels) : undefined;
    summary = !index.configurations.length
      ? 'Not injected: the scenario has no MutatingWebhookConfiguration, so no webhook would be called.'
      : !injectorRows.length
        ? 'Not injected: none of the MutatingWebhookConfigurations is an Istio sidecar injector.'
        : unserved
          ? `Not injected: no webhook serves revision ${unserved.revision} — ${unserved.askedBy === 'namespace' ? `namespace ${s.namespace} is` : 'the pod is'} labelled ${REV_KEY}=${unserved.revision}, but the injection webhooks serve ${unserved.served.length ? `only ${unserved.served.map((r) => `${REV_KEY}=${r}`).join(', ')}` : `no ${REV_KEY} value`}, so the pod never reaches istiod. Install that revision (or its tag), or relabel.`
          : `Not injected: the API server calls none of the ${injectorRows.length} injection webhooks, so the pod never reaches istiod.`;
    if (unserved) {
      const at = unserved.askedBy === 'namespace' ? s.locateNamespace?.(['metadata', 'labels', REV_KEY]) : s.locateWorkload([...s.templatePath, 'metadata', 'labels', REV_KEY]);
      diagnostics.push(diagnostic('admission', 'warning', `no webhook serves revision ${unserved.revision}: no MutatingWebhookConfiguration selects ${REV_KEY}=${unserved.revision}`, at));
    }
    steps.push({ id: 'apiserver:none', stage: 'apiserver', title: 'injection webhooks called', outcome: 'decisive', detail: summary, values: [] });
  }

  let doubleInjection: DoubleInjection | undefined;
  if (calledInjectors.length > 1) {
    doubleInjection = {
      webhooks: calledInjectors.map((w) => `${w.configuration}/${w.webhook}`),
      injectingRevisions: injectedBy,
      message: `${calledInjectors.length} injection webhooks are called for this pod (${calledInjectors.map((w) => `${w.configuration}/${w.webhook}`).join(', ')})${injecting.length > 1 ? `, and ${injecting.length} istiods inject it: the sidecar is injected twice, which can lead to errors` : ''}`,
    };
    diagnostics.push(diagnostic('admission', injecting.length > 1 ? 'error' : 'warning', doubleInjection.message));
  }
  steps.push({ id: 'verdict', stage: 'verdict', title: 'verdict', outcome: 'decisive', detail: summary, values: [] });

  const configurations = index.configurations.map((c) => c.configuration);
  return {
    verdict,
    summary,
    decidingStep,
    injectedBy,
    podLabels,
    namespaceLabels,
    webhooks,
    checkInject: checkInject(configurations, podLabels, namespaceLabels),
    injectors,
    steps,
    ...(doubleInjection ? { doubleInjection } : {}),
    diagnostics,
  };
}
