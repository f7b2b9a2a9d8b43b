import type { AuditCheck } from './podCheck.ts';
import { ambientCheck } from './ambientCheck.ts';

type Obj = Record<string, any>;

/*
 * The per-pod checks of the full-fidelity audit, as a registry: each check reads what the audit
 * already worked out for a pod and says what it finds, under its id in `AuditRow.checks`. A
 * capability adds its verdicts to the audit with one file and one line in `AUDIT_CHECKS` (the
 * ambient data plane's intent/state disagreements plug in here), never by editing the pipeline.
 * What a check is, and what it reads: `podCheck.ts`.
 */

/** Top-level label and annotation keys two pods as created differ in. */
function metadataDiff(a: Obj, b: Obj): string[] {
  const out: string[] = [];
  for (const place of ['labels', 'annotations'] as const) {
    const x = a.metadata?.[place] ?? {};
    const y = b.metadata?.[place] ?? {};
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (!(k in x)) out.push(`${place.slice(0, -1)} ${k} added`);
      else if (!(k in y)) out.push(`${place.slice(0, -1)} ${k} removed`);
      else if (x[k] !== y[k]) out.push(`${place.slice(0, -1)} ${k} changed`);
    }
  }
  if (JSON.stringify(a.spec) !== JSON.stringify(b.spec)) out.push('spec differs');
  return out;
}

/**
 * A pod that differs from its siblings (same controller): edited by hand, or given an annotation
 * after it was created. It is audited on its own (it has a render group of its own); this says so.
 */
export const siblingsCheck: AuditCheck = {
  id: 'siblings',
  scope: 'pod',
  run(ctx) {
    const refs = ctx.running.metadata?.ownerReferences;
    const owner = Array.isArray(refs) ? refs.find((r: Obj) => r?.controller === true) : undefined;
    if (!owner) return [];
    const seen = (ctx.memo.get('siblings') as Map<string, { name: string; created: Obj }> | undefined) ?? new Map();
    ctx.memo.set('siblings', seen);
    const key = `${ctx.namespace}/${String(owner.kind)}/${String(owner.name)}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, { name: String(ctx.running.metadata?.name ?? ''), created: ctx.created });
      return [];
    }
    const diff = metadataDiff(first.created, ctx.created);
    if (!diff.length) return [];
    return [{ severity: 'warning', headline: `differs from the other pods of ${String(owner.kind)} ${String(owner.name)}`, detail: `compared with ${first.name}: ${diff.join(', ')} — edited by hand? It was rendered on its own.` }];
  },
};

/** Every check the full-fidelity audit runs, in order. */
export const AUDIT_CHECKS: AuditCheck[] = [siblingsCheck, ambientCheck];
