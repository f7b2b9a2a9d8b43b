/** What the API server knows about one admission request when it decides which webhooks to call. */
export interface RequestObject {
  kind?: string;
  /** The object's labels; ignored when noMetadata. */
  labels?: Record<string, string>;
  /** An object without ObjectMeta (e.g. NodeProxyOptions): no objectSelector can match it. */
  noMetadata?: boolean;
  /** The whole object, for matchConditions (`object` in CEL); built from kind and labels when absent. */
  value?: Record<string, any>;
}

export interface AdmissionRequest {
  operation: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  /** The request's namespace; "" for a cluster-scoped request. */
  namespace: string;
  /** The namespace's labels as the API server sees them (with kubernetes.io/metadata.name). */
  namespaceLabels: Record<string, string>;
  /** The Namespace object, for `namespaceObject` in matchConditions. */
  namespaceObject?: Record<string, any> | null;
  object: RequestObject | null;
  oldObject: RequestObject | null;
}

/** Every Namespace carries this immutable label with its own name; pasted ones often lack it. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

export function namespaceLabelsAsServed(name: string, labels: Record<string, string> | undefined): Record<string, string> {
  return name ? { ...(labels ?? {}), [NAMESPACE_NAME_LABEL]: name } : { ...(labels ?? {}) };
}

/** The request the API server makes when a Pod with these labels is created in `namespace`. */
export function podCreateRequest(namespace: string, namespaceLabels: Record<string, string>, pod: RequestObject): AdmissionRequest {
  return {
    operation: 'CREATE',
    group: '',
    version: 'v1',
    resource: 'pods',
    subresource: '',
    namespace,
    namespaceLabels: namespaceLabelsAsServed(namespace, namespaceLabels),
    object: { kind: 'Pod', ...pod },
    oldObject: null,
  };
}
