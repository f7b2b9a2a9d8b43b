import type { LiveView } from '../../worker/protocol.ts';
import { AmbientSteps } from './AmbientSteps.tsx';

const WORDS: Record<string, string> = {
  enabled: 'enabled — the node agent captured it (rules in its netns, ztunnel has it)',
  pending: 'pending — the rules are in, but no ztunnel has taken the pod yet',
  absent: 'absent — istio-cni has not captured it',
};

/** What the node agent makes of a pod that already runs: its annotation, an update, a deletion. */
export function NodeAgentView({ live }: { live: LiveView }) {
  const steps = (d: LiveView['update']) => d.steps.filter((s) => s.stage === 'node-agent' && (s.id === 'agent:update' || s.id === 'agent:delete'));
  return (
    <section aria-label="The node agent's view" data-testid="node-agent">
      <h4>The node agent's view of the running pod</h4>
      <p>
        <code>ambient.istio.io/redirection</code>: {WORDS[live.annotation] ?? `${live.annotation} — not a value istio-cni writes (neither enabled nor pending); it is ignored`}
      </p>
      <AmbientSteps steps={[...steps(live.update), ...steps(live.delete)]} label="Update and deletion" />
    </section>
  );
}
