import { EMPTY, useAppState } from '../state/storeContext.tsx';

/** Chooses which of the scenario's workloads the panels show. */
export function WorkloadPicker() {
  const workloads = useAppState((s) => s.result?.workloads ?? EMPTY);
  const selected = useAppState((s) => s.selectedWorkload);
  const select = useAppState((s) => s.selectWorkload);
  if (workloads.length <= 1) return null;
  return (
    <label className="picker">
      Workload{' '}
      <select value={Math.min(selected, workloads.length - 1)} onChange={(e) => select(Number(e.target.value))}>
        {workloads.map((w, i) => (
          <option key={i} value={i}>
            {w.kind} {w.namespace ? `${w.namespace}/` : ''}
            {w.name || '(unnamed)'}
          </option>
        ))}
      </select>
    </label>
  );
}

export function useSelectedWorkload() {
  const workloads = useAppState((s) => s.result?.workloads ?? EMPTY);
  const selected = useAppState((s) => s.selectedWorkload);
  return workloads.length ? workloads[Math.min(selected, workloads.length - 1)] : undefined;
}
