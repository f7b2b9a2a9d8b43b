import type { AuditSummary, DriftKind } from '../../worker/auditProtocol.ts';
import type { AuditFilter } from './auditFilters.ts';

interface Props {
  summary: AuditSummary;
  filter: AuditFilter;
  onFilter(f: Partial<AuditFilter>): void;
}

const DRIFTS: { kind: DriftKind; label: string; hint: string }[] = [
  { kind: 'missing-sidecar', label: 'need a restart', hint: 'no sidecar, but would be injected now' },
  { kind: 'unwanted-sidecar', label: 'unwanted sidecar', hint: 'have a sidecar they would not get now' },
  { kind: 'old-revision', label: 'old revision', hint: 'injected by another revision than the one that would inject them now' },
  { kind: 'would-be-rejected', label: 'would be rejected', hint: 'istiod would fail to render them: a restart leaves them uncreated' },
  { kind: 'sidecar-changes', label: 'sidecar changes', hint: 'a restart would give them other injected containers (image, args, env, resources, init container)' },
  { kind: 'data-plane', label: 'ambient moves', hint: 'a restart would move them into or out of ambient mode (istio-cni’s settings from the dump)' },
];

/** The audit's counts; each drift count doubles as a filter. */
export function AuditSummaryBar({ summary, filter, onFilter }: Props) {
  return (
    <div className="audit-summary" data-testid="audit-summary">
      <span>
        <strong>{summary.pods}</strong> pods
      </span>
      <span>
        <strong>{summary.injected}</strong> injected
      </span>
      <span>
        <strong>{summary.notInjected}</strong> not injected
      </span>
      {summary.rejected > 0 && (
        <span>
          <strong>{summary.rejected}</strong> rejected
        </span>
      )}
      <span>
        <strong>{summary.withSidecar}</strong> with a sidecar now
      </span>
      {/* Ambient moves only where the dump has ambient at all: a count of 0 on every sidecar-only cluster is noise. */}
      {DRIFTS.filter((d) => d.kind !== 'data-plane' || summary.drift['data-plane'] > 0 || (summary.dataPlanes.ambient ?? 0) > 0).map((d) => (
        <button
          key={d.kind}
          type="button"
          className="button drift-count"
          aria-pressed={filter.drift === d.kind}
          title={d.hint}
          onClick={() => onFilter({ drift: filter.drift === d.kind ? 'all' : d.kind })}
        >
          <strong>{summary.drift[d.kind]}</strong> {d.label}
        </button>
      ))}
    </div>
  );
}
