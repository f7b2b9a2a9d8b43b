import type { InjectorConfig } from './install.ts';

export const TEMPLATES_ANNOTATION = 'inject.istio.io/templates';

/**
 * Which templates run, in order: the pod's `inject.istio.io/templates` annotation (comma list, trimmed,
 * duplicates kept) or the config's defaultTemplates, each name expanded once through `aliases`.
 */
export function selectTemplates(
  annotations: Record<string, string> | undefined,
  config: Pick<InjectorConfig, 'defaultTemplates' | 'aliases'>,
): string[] {
  const requested = annotations && TEMPLATES_ANNOTATION in annotations
    ? String(annotations[TEMPLATES_ANNOTATION]).split(',').map((s) => s.trim())
    : config.defaultTemplates;
  return requested.flatMap((name) => config.aliases[name] ?? [name]);
}

/** istiod's error for a name that is not among the templates. */
export function unknownTemplateError(name: string, templates: Record<string, string>): string {
  return `requested template "${name}" not found; have ${Object.keys(templates).sort().join(', ')}`;
}
