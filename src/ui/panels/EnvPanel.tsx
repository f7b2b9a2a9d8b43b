import { NotYet } from './NotYet.tsx';

/** The istio-proxy environment, each variable with where its value came from. */
export function EnvPanel() {
  return (
    <section aria-label="Environment">
      <NotYet what="the istio-proxy environment variables and their sources." />
    </section>
  );
}
