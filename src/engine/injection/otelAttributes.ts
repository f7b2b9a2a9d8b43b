/**
 * OTEL_RESOURCE_ATTRIBUTES for the proxy: only when some OpenTelemetry extension provider asks for
 * OTEL_SEMANTIC_CONVENTIONS enrichment; then service.namespace, service.version and
 * service.instance.id, each from its resource.opentelemetry.io annotation when present.
 */
export function otelResourceAttributes(
  mesh: Record<string, unknown> | undefined,
  annotations: Record<string, unknown>,
  labels: Record<string, unknown>,
  namespace: string,
  containers: Record<string, unknown>[],
): string {
  const providers = Array.isArray(mesh?.extensionProviders) ? (mesh.extensionProviders as Record<string, any>[]) : [];
  // The enrichment setting's exact place has moved between API versions; any field of an
  // OpenTelemetry provider set to OTEL_SEMANTIC_CONVENTIONS turns it on.
  const enriched = providers.some((p) => mentions(p?.opentelemetry, 'OTEL_SEMANTIC_CONVENTIONS', 0));
  if (!enriched) return '';
  const attrs: string[] = [];
  const ann = (k: string) => (typeof annotations[`resource.opentelemetry.io/${k}`] === 'string' ? String(annotations[`resource.opentelemetry.io/${k}`]) : undefined);
  const ns = ann('service.namespace') ?? (namespace || undefined);
  if (ns) attrs.push(`service.namespace=${ns}`);
  let version = ann('service.version') ?? (typeof labels['app.kubernetes.io/version'] === 'string' ? String(labels['app.kubernetes.io/version']) : undefined);
  if (!version && containers.length === 1) version = imageVersion(String(containers[0].image ?? ''));
  if (version) attrs.push(`service.version=${version}`);
  const first = containers[0]?.name;
  const instance = ann('service.instance.id') ?? (first ? `${namespace}.$(POD_NAME).${String(first)}` : undefined);
  if (instance) attrs.push(`service.instance.id=${instance}`);
  return attrs.join(',');
}

function mentions(v: unknown, text: string, depth: number): boolean {
  if (depth > 8 || v === null || v === undefined) return false;
  if (typeof v === 'string') return v === text;
  if (Array.isArray(v)) return v.some((x) => mentions(x, text, depth + 1));
  if (typeof v === 'object') return Object.values(v).some((x) => mentions(x, text, depth + 1));
  return false;
}

/** The tag@digest, digest or tag of an image reference. */
function imageVersion(image: string): string | undefined {
  const at = image.indexOf('@');
  const digest = at >= 0 ? image.slice(at + 1) : '';
  const name = at >= 0 ? image.slice(0, at) : image;
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  const tag = colon > slash ? name.slice(colon + 1) : '';
  if (tag && digest) return `${tag}@${digest}`;
  return digest || tag || undefined;
}
