/**
 * Small, defensive readers for the parts of a Pod object the capture entry paths look at. The pod
 * is user input: any field may be missing or of the wrong type.
 */

export interface ContainerLike {
  name?: unknown;
  args?: unknown;
  command?: unknown;
  env?: unknown;
  securityContext?: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function asRecord(v: unknown): Record<string, unknown> {
  return isObj(v) ? v : {};
}

/** A Pod, or a workload (Deployment, Job, CronJob...): its pod template's metadata and spec. */
export function podParts(obj: unknown): { metadata: Record<string, unknown>; spec: Record<string, unknown>; kind: string } {
  const o = asRecord(obj);
  const kind = typeof o.kind === 'string' ? o.kind : 'Pod';
  if (kind === 'Pod' || !isObj(o.spec)) return { metadata: asRecord(o.metadata), spec: asRecord(o.spec), kind };
  const spec = o.spec as Record<string, unknown>;
  // CronJob → jobTemplate.spec.template; everything else → spec.template.
  const jobSpec = isObj(spec.jobTemplate) ? asRecord(asRecord(spec.jobTemplate).spec) : spec;
  const template = asRecord(jobSpec.template);
  return { metadata: asRecord(template.metadata), spec: asRecord(template.spec), kind };
}

export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(asRecord(v))) if (typeof val === 'string') out[k] = val;
  return out;
}

export function containers(spec: Record<string, unknown>, field: 'containers' | 'initContainers'): ContainerLike[] {
  const list = spec[field];
  return Array.isArray(list) ? list.filter(isObj).slice(0, 1000) : [];
}

export function findContainer(list: ContainerLike[], name: string): ContainerLike | undefined {
  return list.find((c) => c.name === name);
}

export function stringList(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.map((x) => (typeof x === 'string' ? x : String(x)));
}

/** A container's literal env values (valueFrom entries are not resolvable here and are skipped). */
export function containerEnv(c: ContainerLike | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!c || !Array.isArray(c.env)) return out;
  for (const e of c.env.slice(0, 1000)) {
    const entry = asRecord(e);
    if (typeof entry.name === 'string' && entry.value !== undefined) out[entry.name] = String(entry.value);
  }
  return out;
}

export function numberOrUndefined(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'bigint' ? Number(v) : undefined;
}
