import type { UpgradeStep } from '../../worker/protocol.ts';

/** A step as the command an operator would type. */
export function stepText(s: UpgradeStep): string {
  if (s.kind === 'install') return s.label ?? `install ${s.input ?? 'the pasted install'}`;
  if (s.kind === 'label') return `kubectl label namespace ${s.namespace} ${Object.entries(s.labels).map(([k, v]) => (v === null ? `${k}-` : `${k}=${v}`)).join(' ')} --overwrite`;
  return `istioctl tag set ${s.tag} --revision ${s.revision} --overwrite`;
}
