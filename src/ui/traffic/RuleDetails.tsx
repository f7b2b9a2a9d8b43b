import type { KernelRule, SettingOrigin } from '../../worker/protocol.ts';
import { PayloadView } from './PayloadView.tsx';

const KIND_WORDS: Record<SettingOrigin['kind'], string> = {
  default: 'default',
  flag: 'flag',
  env: 'env var',
  annotation: 'annotation',
  container: 'container',
  'cni-default': 'CNI plugin default',
  'cluster.env': 'cluster.env',
  context: 'the pod',
  derived: 'derived',
  setting: 'setting',
  constant: 'constant',
};

/** The selected rule: as the kernel holds it, why it exists and which flag/annotation/env var made it, and its line. */
export function RuleDetails({ id, rule, payload, payloadName, hitOrder, injected, onShowLine, onClose }: {
  id: string;
  rule: KernelRule;
  payload: string;
  payloadName: string;
  hitOrder?: number;
  injected?: ReadonlySet<number>;
  onShowLine(line: number): void;
  onClose(): void;
}) {
  const origin = rule.origin;
  const line = rule.src?.line;
  return (
    <section className="rule-details" aria-label="Selected rule" data-testid="rule-details">
      <h3>
        Rule {id}
        {hitOrder ? <span className="muted"> · hit {hitOrder} of the traced packet</span> : null}{' '}
        <button type="button" className="button small" onClick={onClose} aria-label="Close the rule details">
          Close
        </button>
      </h3>
      <code className="kernel">{rule.kernelText.replace(/counter packets \d+ bytes \d+/, 'counter')}</code>
      <dl>
        <dt>Why</dt>
        <dd data-testid="rule-why">{origin?.why ?? (line && injected?.has(line) ? 'not a rule istio-iptables meant: a line break in a value put this line into the payload' : 'read from the rules as given')}</dd>
        {origin ? (
          <>
            <dt>From</dt>
            <dd data-testid="rule-from">
              {origin.from.length ? (
                <ul className="sources">
                  {origin.from.map((f, i) => (
                    <li key={i}>
                      {KIND_WORDS[f.kind] ?? f.kind} <code>{f.name}</code>
                      {f.note ? <span className="muted"> — {f.note}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : (
                'istio-iptables always writes this rule'
              )}
            </dd>
          </>
        ) : null}
        {line ? (
          <>
            <dt>Line</dt>
            <dd>
              {payloadName} line {line}{' '}
              <button type="button" className="button small" onClick={() => onShowLine(line)}>
                Show in the {payloadName}
              </button>
            </dd>
          </>
        ) : null}
      </dl>
      {line ? <PayloadView text={payload} selected={line} injected={injected} excerpt={2} /> : null}
    </section>
  );
}
