/**
 * Is the pod enrolled in Istio's ambient data plane, and what does istio-cni do with it? One entry
 * for the four moments istio-cni meets a pod: the CNI plugin's CmdAdd when the pod is created
 * (`cni-add`, followed by the node agent's re-check for an ambient pod), and the node agent's
 * informer seeing an update or a deletion, or listing pods at start-up (`snapshot`).
 *
 * The order of checks is istio-cni's (cni/pkg/plugin CmdAdd, util CompiledEnablementSelectors,
 * nodeagent reconcilePod); every check becomes a step that names the values it read.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { compileEnablementSelectors, enablementMatches, matchEnablement, type CompiledSelectors, type EnablementResult } from './enablement.ts';
import { CNI_AGENT_POD_PREFIX, REDIRECTION, REDIRECTION_ENABLED, REDIRECTION_PENDING, REDIRECTION_RETIRED_DISABLED, SIDECAR_STATUS } from './names.ts';
import { podOverrides, type PodOverrides } from './overrides.ts';
import { isTerminated, NO_LOCATOR, podIPsOf, type AmbientNamespace, type AmbientPod, type Locator } from './pod.ts';
import type { IstioCniSettings, SettingKey, SettingOrigin } from './settings.ts';
import { sidecarMode, type SidecarModeReason, type SidecarRedirect } from './sidecarMode.ts';
import { StepValues, type AmbientStep } from './steps.ts';
import { waypointFor, type WaypointRequest } from './waypoint.ts';

export type AmbientEvent = 'cni-add' | 'update' | 'delete' | 'snapshot';

export type AmbientRule = 'cniAgentPod' | 'excludedNamespace' | 'ambientDisabled' | 'hostNetwork' | 'sidecar' | 'selector' | 'noSelectorMatch' | 'invalidSelectors';
export type AmbientReason =
  | 'CNI_AGENT_POD'
  | 'EXCLUDED_NAMESPACE'
  | 'AMBIENT_DISABLED'
  | 'HOST_NETWORK'
  | 'HAS_SIDECAR'
  | 'SELECTOR_MATCH'
  | 'NO_SELECTOR_MATCH'
  | 'INVALID_SELECTORS';

const RULE_OF: Record<AmbientReason, AmbientRule> = {
  CNI_AGENT_POD: 'cniAgentPod',
  EXCLUDED_NAMESPACE: 'excludedNamespace',
  AMBIENT_DISABLED: 'ambientDisabled',
  HOST_NETWORK: 'hostNetwork',
  HAS_SIDECAR: 'sidecar',
  SELECTOR_MATCH: 'selector',
  NO_SELECTOR_MATCH: 'noSelectorMatch',
  INVALID_SELECTORS: 'invalidSelectors',
};

export interface CniPluginOutcome {
  /** `ambient`: sent to the node agent; `sidecar-redirect`: the sidecar's rules programmed; `none`: left alone. */
  action: 'ambient' | 'sidecar-redirect' | 'none';
  reason: 'CNI_AGENT_POD' | 'EXCLUDED_NAMESPACE' | 'AMBIENT_POD' | SidecarModeReason;
  /** CmdAdd fails: the pod's sandbox is not created and kubelet retries. */
  result?: 'error';
  redirect?: SidecarRedirect;
}

export type NodeAgentReason = 'POD_TERMINATED' | 'NO_CHANGE' | 'UNENROLL' | 'NO_POD_IP' | 'ENROLL' | 'ENROLL_PENDING' | 'POD_DELETED' | 'NOT_IN_MESH' | 'AGENT_NOT_RUNNING';

export interface NodeAgentOutcome {
  action: 'add' | 'remove' | 'none';
  /** With `remove`: the pod is gone or terminated, so only host-side state is cleaned. */
  isDelete?: boolean;
  reason: NodeAgentReason;
  /** `ambient.istio.io/redirection` afterwards: `enabled`, `pending`, another value as found, or `absent`. */
  annotation: string;
}

export interface AmbientInput {
  event: AmbientEvent;
  /** For `cni-add`, the pod as it reaches istio-cni (after admission); for the others, the pod in the agent's cache. */
  pod: AmbientPod;
  namespace: AmbientNamespace;
  settings: IstioCniSettings;
  origins?: Partial<Record<SettingKey, SettingOrigin>>;
  locate?: Locator;
  /** The raw pod object (the sidecar mode derives its rules from it); defaults to nothing to derive from. */
  rawPod?: unknown;
  /** The plugin can reach the node agent (default true). */
  nodeAgentReachable?: boolean;
  /** A ztunnel accepts the pod from the node agent (default true). */
  ztunnelReachable?: boolean;
}

export interface AmbientDecision {
  event: AmbientEvent;
  /** The pod ends up in the ambient mesh (rules in its netns, annotation `enabled`); for `snapshot`, it is treated as captured. */
  enrolled: boolean;
  rule: AmbientRule;
  reason: AmbientReason;
  selectorIndex?: number;
  /** The decision in plain words. */
  text: string;
  steps: AmbientStep[];
  /** `cni-add` only. */
  cniPlugin?: CniPluginOutcome;
  /** The node agent's action (`cni-add` for a pod handed to it, `update`, `delete`). */
  nodeAgent?: NodeAgentOutcome;
  /** `snapshot` only. */
  inSnapshot?: boolean;
  podOverrides: PodOverrides;
  waypoint: WaypointRequest;
  diagnostics: Diagnostic[];
}

/** The result the conformance kind and the scenario share: decision plus trace, never throwing. */
export function decideAmbient(input: AmbientInput): AmbientDecision {
  const v = new StepValues(input.locate ?? NO_LOCATOR, input.origins ?? {});
  const compiled = compileEnablementSelectors(input.settings.enablementSelectors);
  const diagnostics: Diagnostic[] = [];
  if (compiled.error) {
    diagnostics.push(diagnostic('ambient', 'error', `istio-cni cannot compile its enablement selectors: ${compiled.error} (the plugin treats every pod as not ambient)`, v.settingSource('enablementSelectors')));
  }
  const overrides = podOverrides(input.pod);
  for (const o of overrides.ignored) {
    diagnostics.push(diagnostic('ambient', 'warning', `${o.annotation}: ${JSON.stringify(o.value)} is not a boolean (strconv.ParseBool): the node agent ignores it`, input.locate?.pod(['metadata', 'annotations', o.annotation])));
  }
  if (input.pod.annotations[REDIRECTION] === REDIRECTION_RETIRED_DISABLED) {
    diagnostics.push(
      diagnostic(
        'ambient',
        'warning',
        `${REDIRECTION}: disabled no longer opts a pod out of ambient (since Istio 1.23 the annotation only records what the node agent did, and it overwrites it); label the pod istio.io/dataplane-mode=none instead`,
        input.locate?.pod(['metadata', 'annotations', REDIRECTION]),
      ),
    );
  }
  const ctx: Ctx = { input, v, compiled, steps: [] };
  const core = input.event === 'cni-add' ? cniAdd(ctx) : nodeAgentEvent(ctx);
  return {
    event: input.event,
    ...core,
    steps: [...ctx.steps, ...overrideSteps(ctx, overrides, core.enrolled), waypointStep(ctx)],
    podOverrides: { ingressMode: overrides.ingressMode, dnsProxy: overrides.dnsProxy, virtualInterfaces: overrides.virtualInterfaces },
    waypoint: waypointFor(input.pod, input.namespace),
    diagnostics,
  };
}

interface Ctx {
  input: AmbientInput;
  v: StepValues;
  compiled: CompiledSelectors;
  steps: AmbientStep[];
}

type Core = Pick<AmbientDecision, 'enrolled' | 'rule' | 'reason' | 'selectorIndex' | 'text' | 'cniPlugin' | 'nodeAgent' | 'inSnapshot'>;

interface Intent {
  reason: AmbientReason;
  selectorIndex?: number;
  /** The intent in words, without what istio-cni then does. */
  text: string;
}

const isAgentPod = (pod: AmbientPod, settings: IstioCniSettings) => pod.name.startsWith(CNI_AGENT_POD_PREFIX) && pod.namespace === settings.podNamespace;

function agentPodStep(ctx: Ctx): boolean {
  const { pod, settings } = ctx.input;
  const agent = isAgentPod(pod, settings);
  ctx.steps.push({
    id: 'cni:agent-pod',
    stage: 'cni-plugin',
    title: "istio-cni's own node agent pod?",
    outcome: agent ? 'decisive' : 'pass',
    detail: agent
      ? `${pod.name} is named ${CNI_AGENT_POD_PREFIX}* and runs in ${JSON.stringify(settings.podNamespace)}, the namespace of the istio-cni DaemonSet: the plugin skips its own agent`
      : `not the agent pod (it would be named ${CNI_AGENT_POD_PREFIX}* in ${JSON.stringify(settings.podNamespace)})`,
    values: [v(ctx).pod('pod name', ['metadata', 'name'], pod.name), v(ctx).setting('podNamespace', settings.podNamespace)],
  });
  return agent;
}

const v = (ctx: Ctx) => ctx.v;

function excludedStep(ctx: Ctx, stage: AmbientStep['stage']): boolean {
  const { pod, settings } = ctx.input;
  const excluded = settings.excludeNamespaces.includes(pod.namespace);
  ctx.steps.push({
    id: `${stage === 'cni-plugin' ? 'cni' : 'agent'}:excluded-namespace`,
    stage,
    title: 'namespace excluded from istio-cni?',
    outcome: excluded ? 'decisive' : 'pass',
    detail: excluded
      ? `namespace ${JSON.stringify(pod.namespace)} is in excludeNamespaces (${settings.excludeNamespaces.join(', ')}): istio-cni ignores the pod before reading any label`
      : `namespace ${JSON.stringify(pod.namespace)} is not in excludeNamespaces (${settings.excludeNamespaces.length ? settings.excludeNamespaces.join(', ') : 'none'})`,
    values: [v(ctx).pod('pod namespace', ['metadata', 'namespace'], pod.namespace), v(ctx).setting('excludeNamespaces', settings.excludeNamespaces.join(','))],
    ...(v(ctx).settingSource('excludeNamespaces') ? { source: v(ctx).settingSource('excludeNamespaces') } : {}),
  });
  return excluded;
}

function ambientEnabledStep(ctx: Ctx): boolean {
  const { settings } = ctx.input;
  ctx.steps.push({
    id: 'cni:ambient-enabled',
    stage: 'cni-plugin',
    title: 'ambient enabled in istio-cni?',
    outcome: settings.ambientEnabled ? 'pass' : 'decisive',
    detail: settings.ambientEnabled
      ? 'ambient is enabled (ambient_enabled true): the plugin checks whether the pod belongs to ambient'
      : 'ambient is not enabled (ambient_enabled false, no node agent runs): the plugin never looks at the dataplane-mode labels and goes on in sidecar mode',
    values: [v(ctx).setting('ambientEnabled', String(settings.ambientEnabled))],
  });
  return settings.ambientEnabled;
}

/** The enablement check's steps (hostNetwork, sidecar status, each selector); returns its result. */
function enablementSteps(ctx: Ctx, stage: AmbientStep['stage']): EnablementResult | undefined {
  const { pod, namespace, settings } = ctx.input;
  const prefix = stage === 'cni-plugin' ? 'cni' : 'agent';
  const result = matchEnablement(pod, namespace, settings.enablementSelectors, ctx.compiled);
  ctx.steps.push({
    id: `${prefix}:host-network`,
    stage,
    title: 'hostNetwork pod?',
    outcome: pod.hostNetwork ? 'decisive' : 'pass',
    detail: pod.hostNetwork ? 'spec.hostNetwork is true: the pod shares the node\'s network namespace, which istio-cni will not redirect, so it is never enrolled' : 'the pod has its own network namespace',
    values: [v(ctx).pod('spec.hostNetwork', ['spec', 'hostNetwork'], String(pod.hostNetwork))],
  });
  if (result.reason === 'HOST_NETWORK') return result;
  const hasSidecar = SIDECAR_STATUS in pod.annotations;
  ctx.steps.push({
    id: `${prefix}:sidecar`,
    stage,
    title: 'already has a sidecar?',
    outcome: hasSidecar ? 'decisive' : 'pass',
    detail: hasSidecar
      ? `the pod carries ${SIDECAR_STATUS} (istiod injected a sidecar): a sidecar and ztunnel for one pod is not supported, so istio-cni leaves it to the sidecar`
      : `no ${SIDECAR_STATUS} annotation: the pod has no sidecar`,
    values: [v(ctx).podAnnotation(SIDECAR_STATUS, pod.annotations)],
  });
  if (result.reason === 'HAS_SIDECAR') return result;
  if (ctx.compiled.error) {
    ctx.steps.push({ id: `${prefix}:selectors`, stage, title: 'enablement selectors', outcome: 'decisive', detail: `the selectors do not compile (${ctx.compiled.error}): no pod is ambient`, values: [], ...(v(ctx).settingSource('enablementSelectors') ? { source: v(ctx).settingSource('enablementSelectors') } : {}) });
    return undefined;
  }
  const source = v(ctx).settingSource('enablementSelectors');
  if (!result.outcomes.length) {
    ctx.steps.push({ id: `${prefix}:selectors`, stage, title: 'enablement selectors', outcome: 'decisive', detail: 'the enablement selector list is empty: no pod is ambient', values: [v(ctx).setting('enablementSelectors', '[]')], ...(source ? { source } : {}) });
  }
  const decidingIndex = result.matches ? result.selectorIndex : -1;
  for (const o of result.outcomes) {
    const sel = settings.enablementSelectors[o.index];
    const keys = selectorKeys(sel);
    const matched = o.podMatches && o.namespaceMatches;
    const past = decidingIndex >= 0 && o.index > decidingIndex;
    ctx.steps.push({
      id: `${prefix}:selector:${o.index}`,
      stage,
      title: `enablement selector [${o.index}]`,
      outcome: past ? 'skip' : o.index === decidingIndex ? 'decisive' : 'fail',
      detail: `${o.podText}; ${o.namespaceText}${past ? ' (not needed: an earlier selector matched)' : matched ? ' — the pod is ambient' : ''}`,
      values: [...keys.pod.map((k) => v(ctx).podLabel(k, pod.labels)), ...keys.namespace.map((k) => v(ctx).namespaceLabel(k, namespace.labels))],
      ...(source ? { source } : {}),
    });
  }
  return result;
}

function selectorKeys(sel: IstioCniSettings['enablementSelectors'][number]): { pod: string[]; namespace: string[] } {
  const keys = (ls: typeof sel.podSelector) => [...new Set([...Object.keys(ls?.matchLabels ?? {}), ...(ls?.matchExpressions ?? []).map((e) => e.key)])];
  return { pod: keys(sel.podSelector), namespace: keys(sel.namespaceSelector) };
}

function intentOf(ctx: Ctx, r: EnablementResult | undefined): Intent {
  const { pod, namespace } = ctx.input;
  if (!r) return { reason: 'INVALID_SELECTORS', text: 'istio-cni cannot compile its enablement selectors, so it treats no pod as ambient.' };
  switch (r.reason) {
    case 'HOST_NETWORK':
      return { reason: r.reason, text: 'A hostNetwork pod has no network namespace of its own to redirect, so it is never enrolled.' };
    case 'HAS_SIDECAR':
      return { reason: r.reason, text: `The pod has a sidecar (${SIDECAR_STATUS}): ztunnel and a sidecar for one pod is not supported, the sidecar wins.` };
    case 'NO_SELECTOR_MATCH':
      return {
        reason: r.reason,
        text: r.outcomes.length
          ? `No enablement selector matches (${r.outcomes.map((o) => `[${o.index}] ${o.podText}; ${o.namespaceText}`).join('; ')}).`
          : 'No enablement selector matches (the list is empty).',
      };
    case 'SELECTOR_MATCH': {
      const o = r.outcomes.find((x) => x.index === r.selectorIndex)!;
      return { reason: r.reason, selectorIndex: r.selectorIndex, text: `Enablement selector [${o.index}] matches ${podCalled(pod)} in namespace ${namespace.name} (${o.podText}; ${o.namespaceText})` };
    }
  }
}

/** "pod web-1", or "the pod" for a workload's pod template, whose pod has no name until it is created. */
const podCalled = (pod: AmbientPod) => (pod.name ? `pod ${pod.name}` : 'the pod');

function core(intent: Intent, enrolled: boolean, text: string, rest: Partial<Core> = {}): Core {
  return { enrolled, rule: RULE_OF[intent.reason], reason: intent.reason, ...(intent.selectorIndex !== undefined ? { selectorIndex: intent.selectorIndex } : {}), text, ...rest };
}

const annotationNow = (pod: AmbientPod) => (REDIRECTION in pod.annotations ? pod.annotations[REDIRECTION] : 'absent');

function cniAdd(ctx: Ctx): Core {
  const { pod, settings } = ctx.input;
  if (agentPodStep(ctx)) {
    const intent: Intent = { reason: 'CNI_AGENT_POD', text: `Istio-cni skips its own node agent pod (name ${CNI_AGENT_POD_PREFIX}*, in the namespace the DaemonSet runs in, ${JSON.stringify(settings.podNamespace)}).` };
    return core(intent, false, intent.text, { cniPlugin: { action: 'none', reason: 'CNI_AGENT_POD' } });
  }
  if (excludedStep(ctx, 'cni-plugin')) {
    const intent: Intent = { reason: 'EXCLUDED_NAMESPACE', text: `Namespace ${JSON.stringify(pod.namespace)} is in istio-cni's excludeNamespaces, checked before any label.` };
    return core(intent, false, intent.text, { cniPlugin: { action: 'none', reason: 'EXCLUDED_NAMESPACE' } });
  }
  let intent: Intent;
  if (!ambientEnabledStep(ctx)) {
    intent = { reason: 'AMBIENT_DISABLED', text: 'Ambient is not enabled in istio-cni (ambient_enabled false), so the ambient check is skipped.' };
  } else {
    const r = enablementSteps(ctx, 'cni-plugin');
    intent = intentOf(ctx, r);
    if (r?.matches) return handToNodeAgent(ctx, intent);
  }
  if (intent.reason === 'NO_SELECTOR_MATCH' || intent.reason === 'INVALID_SELECTORS') {
    ctx.steps.push({ id: 'cni:not-ambient', stage: 'cni-plugin', title: 'not an ambient pod', outcome: 'decisive', detail: 'no enablement selector takes the pod: istio-cni does not enroll it, and the plugin goes on in sidecar mode', values: [] });
  }
  const side = sidecarMode(pod, ctx.v, ctx.input.rawPod ?? {});
  const redirected = side.reason === 'SIDECAR_REDIRECT' && !side.error;
  ctx.steps.push({
    id: 'cni:sidecar-mode',
    stage: 'cni-plugin',
    title: "the plugin's sidecar mode",
    outcome: redirected ? 'pass' : 'skip',
    detail: side.detail,
    values: side.values,
  });
  const cniPlugin: CniPluginOutcome = {
    action: redirected ? 'sidecar-redirect' : 'none',
    reason: side.reason,
    ...(side.error ? { result: 'error' as const } : {}),
    ...(side.redirect ? { redirect: side.redirect } : {}),
  };
  const then = redirected ? ' The CNI plugin sets up the sidecar\'s traffic capture instead.' : '';
  return core(intent, false, `${intent.text}${then}`, { cniPlugin, nodeAgent: { action: 'none', reason: 'NO_CHANGE', annotation: annotationNow(pod) } });
}

/** The plugin pushes the CNI event; the node agent re-checks the pod and adds it to the mesh. */
function handToNodeAgent(ctx: Ctx, intent: Intent): Core {
  const { pod } = ctx.input;
  if (ctx.input.nodeAgentReachable === false) {
    ctx.steps.push({ id: 'cni:push-event', stage: 'cni-plugin', title: 'hand the pod to the node agent', outcome: 'decisive', detail: 'the plugin cannot reach the istio-cni node agent: CmdAdd fails, the pod sandbox is not created and kubelet retries', values: [] });
    return core(intent, false, `${clause(intent.text)}; the plugin cannot reach the node agent, so CmdAdd fails and kubelet retries.`, {
      cniPlugin: { action: 'ambient', reason: 'AMBIENT_POD', result: 'error' },
      nodeAgent: { action: 'none', reason: 'NO_CHANGE', annotation: annotationNow(pod) },
    });
  }
  ctx.steps.push({ id: 'cni:push-event', stage: 'cni-plugin', title: 'hand the pod to the node agent', outcome: 'pass', detail: 'the plugin sends the CNI add event (pod, netns, IPs) to the istio-cni node agent and stops there: no sidecar rules', values: [] });
  ctx.steps.push({ id: 'agent:recheck', stage: 'node-agent', title: 're-check the pod', outcome: 'pass', detail: 'the node agent reads the pod and its namespace again and gets the same answer: ambient', values: [] });
  if (ctx.input.ztunnelReachable === false) {
    ctx.steps.push({
      id: 'agent:add',
      stage: 'node-agent',
      title: 'add the pod to the mesh',
      outcome: 'decisive',
      detail: `the in-pod redirection rules are installed but no ztunnel accepts the pod: ${REDIRECTION}=${REDIRECTION_PENDING}, CmdAdd fails and is retried until a ztunnel takes it`,
      values: [ctx.v.podAnnotation(REDIRECTION, pod.annotations)],
    });
    return core(intent, false, `${clause(intent.text)}; the rules are in but no ztunnel has the pod yet (${REDIRECTION}=${REDIRECTION_PENDING}).`, {
      cniPlugin: { action: 'ambient', reason: 'AMBIENT_POD', result: 'error' },
      nodeAgent: { action: 'add', reason: 'ENROLL_PENDING', annotation: REDIRECTION_PENDING },
    });
  }
  ctx.steps.push({
    id: 'agent:add',
    stage: 'node-agent',
    title: 'add the pod to the mesh',
    outcome: 'decisive',
    detail: `the node agent installs the redirection rules in the pod's network namespace, adds the pod's IPs to the host probe set, hands the pod to ztunnel and annotates it ${REDIRECTION}=${REDIRECTION_ENABLED}`,
    values: [ctx.v.podAnnotation(REDIRECTION, pod.annotations)],
  });
  return core(intent, true, `${clause(intent.text)}; the plugin hands the pod to the node agent, which sets up the in-pod redirection and sends it to ztunnel.`, {
    cniPlugin: { action: 'ambient', reason: 'AMBIENT_POD' },
    nodeAgent: { action: 'add', reason: 'ENROLL', annotation: REDIRECTION_ENABLED },
  });
}

/** The node agent's informer: an update or deletion of a pod on its node, or the start-up snapshot. */
function nodeAgentEvent(ctx: Ctx): Core {
  const { pod, settings, event } = ctx.input;
  const annotation = annotationNow(pod);
  const excluded = excludedStep(ctx, 'node-agent');
  let intent: Intent;
  let matches = false;
  if (excluded) {
    intent = { reason: 'EXCLUDED_NAMESPACE', text: `Namespace ${JSON.stringify(pod.namespace)} is in istio-cni's excludeNamespaces, checked before any label` };
    // The delete path asks the enablement check on its own, so it is still worked out (without steps).
    matches = enablementMatches(pod, ctx.input.namespace, ctx.compiled);
  } else {
    const r = enablementSteps(ctx, 'node-agent');
    intent = intentOf(ctx, r);
    matches = r?.matches === true;
  }
  if (!settings.ambientEnabled) {
    ctx.steps.push({ id: 'agent:not-running', stage: 'node-agent', title: 'node agent running?', outcome: 'decisive', detail: 'ambient is not enabled, so no istio-cni node agent watches pods', values: [ctx.v.setting('ambientEnabled', 'false')] });
    return core({ reason: 'AMBIENT_DISABLED', text: '' }, false, 'Ambient is not enabled in istio-cni, so no node agent watches this pod.', event === 'snapshot' ? { inSnapshot: false } : { nodeAgent: { action: 'none', reason: 'AGENT_NOT_RUNNING', annotation } });
  }
  const state = ctx.v.podAnnotation(REDIRECTION, pod.annotations);
  const phase = ctx.v.pod('status.phase', ['status', 'phase'], pod.phase || undefined);
  if (event === 'snapshot') {
    const terminal = isTerminated(pod);
    const inSnapshot = annotation === REDIRECTION_ENABLED && !terminal && !(pod.namespace === settings.podNamespace && pod.labels.app === 'ztunnel');
    ctx.steps.push({
      id: 'agent:snapshot',
      stage: 'node-agent',
      title: 'in the start-up snapshot?',
      outcome: 'decisive',
      detail: inSnapshot
        ? `${REDIRECTION}=${REDIRECTION_ENABLED} and the pod is running: the agent treats it as captured and tells ztunnel about it`
        : `not in the snapshot: it needs ${REDIRECTION}=${REDIRECTION_ENABLED} (it has ${annotation}) and a phase that is not Succeeded/Failed (it is ${pod.phase || 'unset'})`,
      values: [state, phase],
    });
    return core(intent, inSnapshot, `${clause(intent.text)}; at node agent start-up the pod is ${inSnapshot ? '' : 'not '}in the snapshot of captured pods.`, { inSnapshot });
  }
  if (event === 'delete') {
    const remove = annotation === REDIRECTION_ENABLED || annotation === REDIRECTION_PENDING || matches;
    ctx.steps.push({
      id: 'agent:delete',
      stage: 'node-agent',
      title: 'pod deleted',
      outcome: 'decisive',
      detail: remove
        ? `the pod was (or may have been) captured (${REDIRECTION}=${annotation}${matches ? ', the selectors match' : ''}): the node agent removes it from ztunnel and the host probe set`
        : 'the pod was not in the mesh: nothing to remove',
      values: [state],
    });
    return core(intent, false, `${clause(intent.text)}; ${remove ? 'on delete the node agent removes it from the mesh (isDelete).' : 'the deleted pod was not in the mesh, nothing to remove.'}`, {
      nodeAgent: remove ? { action: 'remove', isDelete: true, reason: 'POD_DELETED', annotation: 'absent' } : { action: 'none', reason: 'NOT_IN_MESH', annotation },
    });
  }
  // update: intent (labels) against state (the annotation)
  const enrolledNow = annotation === REDIRECTION_ENABLED;
  const partial = annotation === REDIRECTION_PENDING;
  const should = !excluded && matches;
  const terminated = isTerminated(pod);
  const step = (detail: string) => ctx.steps.push({ id: 'agent:update', stage: 'node-agent', title: 'reconcile the update', outcome: 'decisive', detail, values: [state, phase] });
  if ((enrolledNow || partial) && terminated) {
    step(`the pod was captured and has terminated (${pod.phase}): the node agent removes it (isDelete) and drops ${REDIRECTION}`);
    return core(intent, false, `${clause(intent.text)}; the pod has terminated, so the node agent removes it from the mesh (isDelete) and drops the annotation.`, { nodeAgent: { action: 'remove', isDelete: true, reason: 'POD_TERMINATED', annotation: 'absent' } });
  }
  if ((enrolledNow === should && !partial) || terminated) {
    step(`${should ? 'the pod should be in the mesh' : 'the pod should not be in the mesh'} and ${enrolledNow ? `is (${REDIRECTION}=${REDIRECTION_ENABLED})` : `is not (${REDIRECTION} ${annotation === 'absent' ? 'absent' : `= ${annotation}`})`}${terminated ? '; it has terminated' : ''}: nothing to change`);
    return core(intent, enrolledNow, `${clause(intent.text)}; the node agent has nothing to change.`, { nodeAgent: { action: 'none', reason: 'NO_CHANGE', annotation } });
  }
  if (!should) {
    step(`the pod is captured (${REDIRECTION}=${annotation}) but should no longer be: the node agent deletes its in-pod rules, removes it from ztunnel and drops the annotation`);
    return core(intent, false, `${clause(intent.text)}; the node agent removes it from the mesh (RemovePodFromMesh, in-pod rules deleted) and drops the annotation.`, { nodeAgent: { action: 'remove', isDelete: false, reason: 'UNENROLL', annotation: 'absent' } });
  }
  if (podIPsOf(pod).length === 0) {
    step('the pod should be in the mesh but has no IP yet (status.podIPs / status.podIP): the event is skipped until it has one');
    return core(intent, false, `${clause(intent.text)}; the pod has no IP yet, so the node agent skips the event.`, { nodeAgent: { action: 'none', reason: 'NO_POD_IP', annotation } });
  }
  if (ctx.input.ztunnelReachable === false) {
    step(`the node agent installs the in-pod rules but no ztunnel accepts the pod: ${REDIRECTION}=${REDIRECTION_PENDING}, retried until one does`);
    return core(intent, false, `${clause(intent.text)}; the rules are in but no ztunnel has the pod yet (${REDIRECTION}=${REDIRECTION_PENDING}).`, { nodeAgent: { action: 'add', reason: 'ENROLL_PENDING', annotation: REDIRECTION_PENDING } });
  }
  step(`the pod should be in the mesh and is not yet: the node agent installs the in-pod rules, hands it to ztunnel and annotates it ${REDIRECTION}=${REDIRECTION_ENABLED}`);
  return core(intent, true, `${clause(intent.text)}; the node agent adds it to the mesh (AddPodToMesh) and annotates it ${REDIRECTION}=${REDIRECTION_ENABLED}.`, { nodeAgent: { action: 'add', reason: 'ENROLL', annotation: REDIRECTION_ENABLED } });
}

function overrideSteps(ctx: Ctx, o: PodOverrides, enrolled: boolean): AmbientStep[] {
  const { pod } = ctx.input;
  const keys = ['ambient.istio.io/bypass-inbound-capture', 'ambient.istio.io/dns-capture', 'istio.io/reroute-virtual-interfaces'].filter((k) => k in pod.annotations);
  if (!keys.length) return [];
  const parts = [
    o.ingressMode ? 'ingress mode: inbound traffic is not captured' : undefined,
    o.dnsProxy !== 'unset' ? `DNS capture ${o.dnsProxy} for this pod` : undefined,
    o.virtualInterfaces.length ? `TCP arriving on ${o.virtualInterfaces.join(', ')} is rerouted to ztunnel` : undefined,
  ].filter(Boolean);
  return [
    {
      id: 'agent:overrides',
      stage: 'node-agent',
      title: "the pod's own redirection settings",
      outcome: enrolled ? 'pass' : 'skip',
      detail: `${parts.length ? parts.join('; ') : 'the annotations change nothing'}${enrolled ? '' : ' (only once the pod is enrolled)'}`,
      values: keys.map((k) => ctx.v.podAnnotation(k, pod.annotations)),
    },
  ];
}

function waypointStep(ctx: Ctx): AmbientStep {
  const { pod, namespace } = ctx.input;
  const w = waypointFor(pod, namespace);
  const values = [ctx.v.podLabel('istio.io/use-waypoint', pod.labels), ctx.v.namespaceLabel('istio.io/use-waypoint', namespace.labels)].filter((x) => x.value !== undefined);
  const detail =
    w.from === 'none'
      ? 'neither the pod nor its namespace names a waypoint (istio.io/use-waypoint): traffic to it goes ztunnel to ztunnel, L4 only'
      : w.optOut
        ? `istio.io/use-waypoint: none on the ${w.from}: no waypoint, even one its namespace names`
        : `the ${w.from} asks for waypoint ${w.namespace}/${w.name} (whether that Gateway exists and accepts workload traffic is not simulated)`;
  return { id: 'istiod:waypoint', stage: 'istiod', title: 'waypoint', outcome: 'pass', detail, values };
}

/** A decision's sentence that another clause follows after a semicolon, without its own closing period. */
function clause(text: string): string {
  return text.replace(/\.$/, '');
}
