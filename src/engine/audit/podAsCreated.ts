import { STATUS_ANNOTATION, stripPod } from '../injection/index.ts';

/**
 * What a restart hands the API server: the pod as its controller creates it, before any webhook.
 * A running pod carries what only its life added — its name and uid, its status, the node it runs
 * on, the injection it received, the annotations node components wrote — and none of that is in
 * its controller's template. The injection is undone as istiod undoes it when it injects a pod
 * again (`injection/stripPod`: the containers and Prometheus annotations its status lists).
 */

/** Annotations node components write on a running pod (the CNI's addresses, istio-cni's redirection state). */
const LIFE_ANNOTATIONS = [/^cni\.projectcalico\.org\//, /^k8s\.v1\.cni\.cncf\.io\/network-status$/, /^ambient\.istio\.io\/redirection$/];

/** Metadata only a running object has. */
const INSTANCE_METADATA = ['uid', 'resourceVersion', 'creationTimestamp', 'managedFields', 'generation', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'selfLink'];

export function podAsCreated(running: Record<string, any>, meshStatusPort = 15020): Record<string, any> {
  const { status: _status, ...rest } = running;
  const pod = rest.metadata?.annotations?.[STATUS_ANNOTATION] !== undefined ? stripPod(rest, meshStatusPort) : structuredClone(rest);
  const meta = (pod.metadata ??= {});
  for (const k of INSTANCE_METADATA) delete meta[k];
  if (meta.annotations && typeof meta.annotations === 'object') {
    for (const k of Object.keys(meta.annotations)) if (LIFE_ANNOTATIONS.some((re) => re.test(k))) delete meta.annotations[k];
    if (!Object.keys(meta.annotations).length) delete meta.annotations;
  }
  // A controller names its pods by generateName, and the API server fills the name in only after
  // admission: the webhooks and istiod see none.
  if (typeof meta.generateName === 'string' && meta.generateName) delete meta.name;
  if (pod.spec && typeof pod.spec === 'object') delete pod.spec.nodeName;
  return pod;
}

/**
 * The running pod without what only its life added — exactly the fields `podAsCreated` drops
 * before it undoes the injection — as plain JSON: two pods with the same text are the same pod
 * as created, so the audit strips and keys each such text once (a ReplicaSet's pods differ only in
 * their names, uids, node and status). JSON.stringify keeps the dump's key order: two equal pods
 * written in another order only miss this shortcut; `renderKey` still groups them.
 */
export function instanceFreeText(running: Record<string, any>): string {
  const { status: _status, metadata, spec, ...rest } = running;
  let meta = metadata;
  if (meta && typeof meta === 'object') {
    meta = { ...meta };
    for (const k of INSTANCE_METADATA) delete meta[k];
    if (typeof meta.generateName === 'string' && meta.generateName) delete meta.name;
    const annotations = meta.annotations;
    if (annotations && typeof annotations === 'object' && Object.keys(annotations).some((k) => LIFE_ANNOTATIONS.some((re) => re.test(k)))) {
      meta.annotations = Object.fromEntries(Object.entries(annotations).filter(([k]) => !LIFE_ANNOTATIONS.some((re) => re.test(k))));
    }
  }
  const podSpec = spec && typeof spec === 'object' && 'nodeName' in spec ? { ...spec, nodeName: undefined } : spec;
  return JSON.stringify([rest, meta ?? null, podSpec ?? null]);
}

/**
 * The render-group key of a pod as created: everything the webhooks and istiod read. Pods of one
 * ReplicaSet share it (the API server names them after admission, so as created they are the
 * same), and are rendered once; a pod edited by hand, or with an annotation added, gets a key of
 * its own, and so does a pod named by its controller (a StatefulSet's) or a bare pod.
 */
export const renderKey = (created: Record<string, any>): string => stableJson(created);

/** JSON with object keys sorted, so two equal pods written in another key order share a key. */
export function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  const keys = Object.keys(v as Record<string, unknown>).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}
