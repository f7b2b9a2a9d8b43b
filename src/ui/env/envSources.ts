import type { EnvEntry, EnvSource } from '../../worker/protocol.ts';

/** A source of env values as the provenance diagram groups them: one node per distinct origin. */
export interface SourceNode {
  id: string;
  kind: EnvSource['kind'];
  label: string;
}

const KIND_WORDS: Record<EnvSource['kind'], string> = {
  template: 'Injection template',
  downwardAPI: 'Kubernetes downward API',
  proxyMetadata: 'ProxyConfig proxyMetadata',
  istiod: 'istiod post-processing',
  user: 'Your container',
};

export const kindWords = (kind: EnvSource['kind']) => KIND_WORDS[kind];

/** Where a value came from, in words; entries with the same origin share a node. */
export function sourceOf(e: EnvEntry): SourceNode {
  const s = e.source;
  switch (s.kind) {
    case 'template':
      return s.from ? { id: `from:${s.from}`, kind: s.kind, label: s.from } : { id: `template:${s.template}`, kind: s.kind, label: `template ${s.template} (literal)` };
    case 'downwardAPI':
      return { id: `downward:${s.fieldPath ?? s.resource}`, kind: s.kind, label: s.fieldPath ? `fieldRef ${s.fieldPath}` : `resourceFieldRef ${s.resource}` };
    case 'proxyMetadata': {
      const where = s.from === 'mesh' ? 'mesh defaultConfig.proxyMetadata' : s.from === 'annotation' ? 'annotation proxy.istio.io/config' : 'ProxyConfig resource';
      return { id: `meta:${s.from}`, kind: s.kind, label: where };
    }
    case 'istiod':
      return { id: `istiod:${s.step}`, kind: s.kind, label: s.step };
    case 'user':
      return { id: `user:${s.container}`, kind: s.kind, label: `container ${s.container} as you wrote it` };
  }
}

/** The line that describes a value's origin in the table. */
export function describeSource(e: EnvEntry): string {
  const s = e.source;
  if (s.kind === 'template') return `template ${s.template}${s.line ? ` (output line ${s.line})` : ''}${s.from ? ` — ${s.from}` : ''}`;
  return `${kindWords(s.kind)}: ${sourceOf(e).label}`;
}

export function valueText(e: EnvEntry): string {
  if (e.value !== undefined) return e.value;
  const vf = e.valueFrom as any;
  if (vf?.fieldRef) return `(fieldRef ${vf.fieldRef.fieldPath})`;
  if (vf?.resourceFieldRef) return `(resourceFieldRef ${vf.resourceFieldRef.resource}${vf.resourceFieldRef.divisor ? ` / ${vf.resourceFieldRef.divisor}` : ''})`;
  return JSON.stringify(e.valueFrom ?? '');
}
