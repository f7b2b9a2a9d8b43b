/** istiod's environment as the chart sets it: values.pilot.env (in the ConfigMap from 1.26; earlier only if added by hand). */
export function pilotEnvOf(values: unknown): Record<string, string> {
  const env = (values as { pilot?: { env?: unknown } } | null | undefined)?.pilot?.env;
  if (!env || typeof env !== 'object' || Array.isArray(env)) return {};
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== null && typeof v !== 'object').map(([k, v]) => [k, String(v)]));
}
