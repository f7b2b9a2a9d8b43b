import { useSelectedWorkload } from '../WorkloadPicker.tsx';
import { NotYet } from './NotYet.tsx';

/** The patched pod: what injection added, as a diagram, a diff and a JSONPatch. */
export function PodPanel() {
  const w = useSelectedWorkload();
  return (
    <section aria-label="Patched pod">
      {w ? (
        <p>
          Pod template of {w.kind} <strong>{w.name}</strong> before injection: containers {w.containers.join(', ') || 'none'}.
        </p>
      ) : null}
      <NotYet what="the injected pod, its diff and the JSONPatch istiod would return." />
    </section>
  );
}
