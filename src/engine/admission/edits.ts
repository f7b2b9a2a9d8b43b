/** Applying a suggested change to plain objects, so the analysis can be re-run on the result. */

/** A change to one object of the subject: the workload or its namespace. */
export interface ObjectEdit {
  target: 'workload' | 'namespace';
  /** Path from the object's root. */
  path: string[];
  action: 'set' | 'remove';
  value?: string;
}

/** A shallow copy: the edit replaces the nodes along its path, and shares every other part with `obj`. */
function shallow(v: Record<string, any>): Record<string, any> {
  return Array.isArray(v) ? [...v] : { ...v };
}

/**
 * Returns a copy of `obj` with the edit applied; maps on the way are created as needed. Only the
 * maps along the edit's path are copied: a suggestion is verified on the edited object, and copying
 * the whole workload for each candidate was most of what a verification cost. Neither `obj` nor
 * the result is changed afterwards (outputs are shared, never mutated), so sharing the rest is safe.
 */
export function applyObjectEdit(obj: Record<string, any>, edit: ObjectEdit): Record<string, any> {
  const out = shallow(obj);
  let node: any = out;
  for (const key of edit.path.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object') {
      if (edit.action === 'remove') return out;
      node[key] = {};
    } else {
      node[key] = shallow(next);
    }
    node = node[key];
  }
  const last = edit.path[edit.path.length - 1];
  if (edit.action === 'set') node[last] = edit.value;
  else delete node[last];
  return out;
}
