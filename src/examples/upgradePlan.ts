import { parse } from 'yaml';
import type { UpgradeStep } from '../engine/upgrade/index.ts';

/**
 * An example's upgrade plan (`upgrade.yaml`), its `install` steps' file names resolved to the
 * texts of the example's other files: the steps the Upgrade preview runs when the example is open.
 */
export function upgradePlan(text: string | undefined, files: Record<string, string>): UpgradeStep[] | undefined {
  if (!text) return undefined;
  const doc = parse(text) as { steps?: Record<string, any>[] } | null;
  const steps: UpgradeStep[] = [];
  for (const s of doc?.steps ?? []) {
    if (s.install !== undefined) {
      const names: string[] = Array.isArray(s.install) ? s.install : [s.install];
      const missing = names.filter((n) => files[n] === undefined);
      if (missing.length) throw new Error(`upgrade.yaml names files the example does not have: ${missing.join(', ')}`);
      steps.push({ kind: 'install', text: names.map((n) => files[n].trimEnd()).join('\n---\n'), input: names.join(' + '), ...(s.label ? { label: String(s.label) } : {}) });
    } else if (s.label) {
      steps.push({ kind: 'label', namespace: String(s.label.namespace), labels: s.label.labels ?? {} });
    } else if (s.tag) {
      steps.push({ kind: 'tag', tag: String(s.tag.tag), revision: String(s.tag.revision) });
    }
  }
  return steps;
}
