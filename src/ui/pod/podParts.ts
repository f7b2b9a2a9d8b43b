import type { InjectedPodReport } from '../../worker/protocol.ts';

/** One box of the pod diagram: a container, init container or volume, and what injection did to it. */
export interface PodPart {
  group: 'initContainers' | 'containers' | 'volumes';
  name: string;
  change: 'added' | 'changed' | 'unchanged';
  /** The object as it is after injection (for the details view). */
  value: unknown;
  /** A short line under the name: the image, or the volume's kind. */
  detail: string;
}

const GROUPS = ['initContainers', 'containers', 'volumes'] as const;

/** Compares the pod before and after injection, box by box, keeping the order Istio produced. */
export function podParts(report: InjectedPodReport): PodPart[] {
  const before = report.before as any;
  const after = (report.after ?? report.before) as any;
  const parts: PodPart[] = [];
  for (const group of GROUPS) {
    const old = new Map<string, unknown>(((before?.spec?.[group] ?? []) as any[]).map((x) => [String(x?.name), x]));
    for (const item of (after?.spec?.[group] ?? []) as any[]) {
      const name = String(item?.name ?? '');
      const prev = old.get(name);
      const change = prev === undefined ? 'added' : JSON.stringify(prev) === JSON.stringify(item) ? 'unchanged' : 'changed';
      const detail = group === 'volumes' ? Object.keys(item ?? {}).filter((k) => k !== 'name').join(', ') : String(item?.image ?? '');
      parts.push({ group, name, change, value: item, detail });
    }
  }
  return parts;
}
