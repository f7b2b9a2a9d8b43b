import { classifyDocument } from '../documents/index.ts';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { readDump, type DumpObject } from './readDump.ts';

/**
 * The steps of an upgrade, each a change to the cluster's objects:
 * - `install`: apply a second install — the next revision's injector ConfigMap and webhook
 *   configurations as `helm template` or `istioctl manifest generate` write them, or the same
 *   revision at a newer release. Objects with the same kind, namespace and name are replaced.
 * - `label`: relabel a namespace (`kubectl label namespace shop istio-injection- istio.io/rev=canary`);
 *   a label given `null` is removed.
 * - `tag`: move a revision tag (`istioctl tag set prod --revision canary --overwrite`): every
 *   webhook of the configurations labelled `istio.io/tag=<tag>` now calls the other revision's istiod.
 */
export type UpgradeStep =
  | { kind: 'install'; text: string; label?: string; input?: string }
  | { kind: 'label'; namespace: string; labels: Record<string, string | null> }
  | { kind: 'tag'; tag: string; revision: string };

/** What one install's text holds that matters to injection. */
export interface TargetInstall {
  objects: DumpObject[];
  /** Revisions it installs (its injector ConfigMaps). */
  revisions: string[];
  /** Objects it has that injection does not read (Deployments, Services...). */
  ignored: number;
  diagnostics: Diagnostic[];
}

const ROLES = new Set(['webhookConfiguration', 'injectorConfigMap', 'meshConfigMap']);
const CNI_CONFIG = 'istio-cni-config';

/** Reads an install's YAML (several documents, a List, JSON): its webhook configurations and Istio ConfigMaps. */
export function readInstall(text: string, input = 'target install'): TargetInstall {
  const dump = readDump(text, input);
  const objects = dump.objects.filter((o) => ROLES.has(o.role.role) || (o.value.kind === 'ConfigMap' && o.value.metadata?.name === CNI_CONFIG));
  const revisions = objects.flatMap((o) => (o.role.role === 'injectorConfigMap' ? [o.role.revision] : []));
  const diagnostics = [...dump.diagnostics];
  if (!objects.length && !diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push(diagnostic('upgrade', 'warning', 'the install has no MutatingWebhookConfiguration and no istio-sidecar-injector or istio ConfigMap: it changes nothing injection reads', { input, line: 1, column: 1 }));
  }
  return { objects, revisions, ignored: dump.objects.length - objects.length + dump.pods.length, diagnostics };
}

const identity = (o: DumpObject) => `${String(o.value.kind)}/${String(o.value.metadata?.namespace ?? '')}/${String(o.value.metadata?.name ?? '')}`;

/** The cluster's objects with `add` applied: same kind, namespace and name replaced, the rest added. */
export function overlay(objects: readonly DumpObject[], add: readonly DumpObject[]): DumpObject[] {
  const replaced = new Map(add.map((o) => [identity(o), o]));
  const out = objects.map((o) => replaced.get(identity(o)) ?? o);
  const present = new Set(objects.map(identity));
  for (const o of add) if (!present.has(identity(o))) out.push(o);
  return out;
}

const service = (revision: string) => (revision === 'default' ? 'istiod' : `istiod-${revision}`);

function retarget(webhook: Record<string, any>, revision: string): Record<string, any> {
  const cc = webhook.clientConfig ?? {};
  if (cc.service) return { ...webhook, clientConfig: { ...cc, service: { ...cc.service, name: service(revision) } } };
  if (typeof cc.url === 'string') return { ...webhook, clientConfig: { ...cc, url: cc.url.replace(/^(https?:\/\/)istiod(-[a-z0-9-]+)?\./, `$1${service(revision)}.`) } };
  return webhook;
}

/** One step applied: the cluster's objects afterwards, a label for the step, and what went wrong. */
export function applyStep(objects: readonly DumpObject[], step: UpgradeStep): { objects: DumpObject[]; label: string; diagnostics: Diagnostic[] } {
  if (step.kind === 'install') {
    const target = readInstall(step.text, step.input);
    const what = target.revisions.length ? `revision ${target.revisions.join(', ')}` : 'its objects';
    return { objects: overlay(objects, target.objects), label: step.label ?? `install ${what}`, diagnostics: target.diagnostics };
  }
  if (step.kind === 'label') {
    const entries = Object.entries(step.labels);
    const label = `kubectl label namespace ${step.namespace} ${entries.map(([k, v]) => (v === null ? `${k}-` : `${k}=${v}`)).join(' ')} --overwrite`;
    const relabel = (labels: Record<string, string>) => {
      const out = { ...labels };
      for (const [k, v] of entries) {
        if (v === null) delete out[k];
        else out[k] = v;
      }
      return out;
    };
    let found = false;
    const next = objects.map((o) => {
      if (o.role.role !== 'namespace' || o.value.metadata?.name !== step.namespace) return o;
      found = true;
      return { ...o, value: { ...o.value, metadata: { ...o.value.metadata, labels: relabel(o.value.metadata?.labels ?? {}) } } };
    });
    if (!found) {
      const value = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: step.namespace, labels: relabel({ 'kubernetes.io/metadata.name': step.namespace }) } };
      next.push({ value, role: classifyDocument(value) });
    }
    return { objects: next, label, diagnostics: [] };
  }
  const label = `istioctl tag set ${step.tag} --revision ${step.revision} --overwrite`;
  let moved = 0;
  const next = objects.map((o) => {
    if (o.role.role !== 'webhookConfiguration' || o.value.metadata?.labels?.['istio.io/tag'] !== step.tag) return o;
    moved++;
    const webhooks = Array.isArray(o.value.webhooks) ? o.value.webhooks.map((w: Record<string, any>) => retarget(w, step.revision)) : o.value.webhooks;
    return { ...o, value: { ...o.value, metadata: { ...o.value.metadata, labels: { ...o.value.metadata.labels, 'istio.io/rev': step.revision } }, webhooks } };
  });
  const diagnostics = moved ? [] : [diagnostic('upgrade', 'warning', `no MutatingWebhookConfiguration carries the label istio.io/tag=${step.tag}: paste the tag's configuration (istio-revision-tag-${step.tag}) to move it`)];
  return { objects: next, label, diagnostics };
}

/** Every step in turn: the cluster after each, with its label. */
export function applySteps(objects: readonly DumpObject[], steps: readonly UpgradeStep[]): { label: string; objects: DumpObject[]; diagnostics: Diagnostic[] }[] {
  const out: { label: string; objects: DumpObject[]; diagnostics: Diagnostic[] }[] = [];
  let current: readonly DumpObject[] = objects;
  for (const step of steps) {
    const r = applyStep(current, step);
    out.push(r);
    current = r.objects;
  }
  return out;
}
