import { defaultProxyConfig, mergeProxyConfig, normalizeProxyConfig, validateProxyConfig } from '../mesh/index.ts';
import { parseAnnotationYaml } from './annotationYaml.ts';
import { istioAnnotation } from '../kube/index.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

/**
 * Validation of the pod annotations istiod checks before rendering (spec §6), as the annotation
 * registry (kube/istioAnnotations.ts) says each is checked. Every failure is collected; the
 * injection then fails with them all, worded as istiod words them.
 */
export interface AnnotationError {
  annotation: string;
  value: string;
  message: string;
}

export function validateAnnotations(annotations: Record<string, string> | undefined, release: ReleaseBehaviour['validation'] = MASTER_BEHAVIOUR.validation): AnnotationError[] {
  const errors: AnnotationError[] = [];
  for (const [name, value] of Object.entries(annotations ?? {})) {
    const known = istioAnnotation(name);
    // Some checks only some releases run (src/engine/releases, releases.md §6.2).
    if (!known?.istiod || (known.istiodWhen && !release[known.istiodWhen])) continue;
    const reason = known.istiod === 'proxyConfig' ? proxyConfigError(String(value)) : known.istiod(String(value));
    if (reason) errors.push({ annotation: name, value, message: `invalid value '${value}' for annotation '${name}': ${reason}` });
  }
  return errors;
}

/** hashicorp/go-multierror's text, which istiod returns as the rejection message. */
export function multiErrorText(messages: string[]): string {
  if (messages.length === 1) return `1 error occurred:\n\t* ${messages[0]}\n\n`;
  return `${messages.length} errors occurred:\n${messages.map((m) => `\t* ${m}`).join('\n')}\n\n`;
}

function proxyConfigError(text: string): string | undefined {
  const parsed = parseAnnotationYaml(text);
  if (parsed.error) return `failed to convert to apply proxy config: ${parsed.error}`;
  const { config, problems } = normalizeProxyConfig(parsed.value);
  if (problems.length) return `failed to convert to apply proxy config: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`;
  // istiod validates the annotation applied over the built-in defaults (not the mesh's).
  const invalid = validateProxyConfig(mergeProxyConfig(defaultProxyConfig(), config));
  return invalid.length ? multiErrorText(invalid).trimEnd() : undefined;
}
