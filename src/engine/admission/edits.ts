/** Applying a suggested change to plain objects, so the analysis can be re-run on the result. */

/** A change to one object of the subject: the workload or its namespace. */
export interface ObjectEdit {
  target: 'workload' | 'namespace';
  /** Path from the object's root. */
  path: string[];
  action: 'set' | 'remove';
  value?: string;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** Returns a copy of `obj` with the edit applied; maps on the way are created as needed. */
export function applyObjectEdit(obj: Record<string, any>, edit: ObjectEdit): Record<string, any> {
  const out = clone(obj);
  let node: any = out;
  for (const key of edit.path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') {
      if (edit.action === 'remove') return out;
      node[key] = {};
    }
    node = node[key];
  }
  const last = edit.path[edit.path.length - 1];
  if (edit.action === 'set') node[last] = edit.value;
  else delete node[last];
  return out;
}
