import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { injectScenario, type InstallDocuments } from '../../engine/injection/index.ts';
import { parseFlags, type CliIO } from '../io.ts';

export const injectUsage =
  'meshsim inject -f FILE... [--injector-config FILE] [--values FILE] [--mesh-config FILE] [--revision R] [--native-sidecars true|false] [-o yaml|json|patch]';

/** A file that is a ConfigMap gives its data keys; any other file is the key's text itself (as istioctl's flags take it). */
function configMapOrText(path: string): { configMap?: Record<string, any>; text: string } {
  const text = readFileSync(path, 'utf8');
  let parsed: any;
  try {
    parsed = parseYaml(text);
  } catch {
    return { text };
  }
  return parsed && typeof parsed === 'object' && parsed.kind === 'ConfigMap' ? { configMap: parsed, text } : { text };
}

function parseText(text: string | undefined, what: string): unknown {
  if (text === undefined) return undefined;
  try {
    return parseYaml(text);
  } catch (err) {
    throw new Error(`cannot parse ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** istioctl kube-inject: injected YAML on stdout, skip warnings on stderr; -o json|patch shows the webhook's view per pod. */
export function inject(args: string[], io: CliIO): number {
  const { values, positional } = parseFlags(args, ['-f', '--injector-config', '--values', '--mesh-config', '--revision', '--native-sidecars', '-o']);
  const files = values['-f'] ?? [];
  const output = values['-o']?.at(-1) ?? 'yaml';
  if (positional.length || !files.length || !['yaml', 'json', 'patch'].includes(output)) {
    io.err(`usage: ${injectUsage}`);
    return 2;
  }
  const install: Partial<InstallDocuments> = {};
  const injector = values['--injector-config']?.at(-1);
  if (injector) {
    const f = configMapOrText(injector);
    const configText: string | undefined = f.configMap ? f.configMap.data?.config : f.text;
    let config: unknown;
    try {
      config = parseText(configText, injector);
    } catch {
      config = undefined; // template text that is not YAML on its own (e.g. {{ }} in a key position)
    }
    // istioctl's rule: an injector config without `templates:` is itself the sidecar template.
    const isConfig = config !== null && typeof config === 'object' && 'templates' in (config as object);
    install.config = isConfig ? config : configText;
    if (f.configMap?.data?.values !== undefined) install.values = parseText(f.configMap.data.values, `${injector} values`);
  }
  const valuesFile = values['--values']?.at(-1);
  if (valuesFile) install.values = parseText(readFileSync(valuesFile, 'utf8'), valuesFile);
  const mesh = values['--mesh-config']?.at(-1);
  if (mesh) {
    const f = configMapOrText(mesh);
    install.mesh = parseText(f.configMap ? f.configMap.data?.mesh : f.text, mesh);
  }
  const native = values['--native-sidecars']?.at(-1);
  const workloads = files
    .map((f) => readFileSync(f, 'utf8'))
    .reduce((all, text) => (all === '' ? text : `${all}${all.endsWith('\n') ? '' : '\n'}---\n${text}`), '');
  const result = injectScenario({
    workloads,
    install,
    kubeInjectRevision: values['--revision']?.at(-1) ?? '',
    // kube-inject has no cluster to ask: native sidecars only when asked for.
    context: { nativeSidecars: native === 'true' },
  });
  for (const d of result.diagnostics) if (d.severity !== 'info') io.err(`${d.severity}: ${d.message}`);
  for (const w of result.kubeInject.warnings) io.err(w.trimEnd());
  if (result.kubeInject.error) {
    io.err(`Error: ${result.kubeInject.error}`);
    return 1;
  }
  if (output === 'yaml') {
    io.out(result.kubeInject.output ?? '');
  } else if (output === 'json') {
    io.out(JSON.stringify(result.pods, null, 2));
  } else {
    io.out(JSON.stringify(result.pods.map((p) => ({ kind: p.kind, name: p.name, namespace: p.namespace, skipped: p.skipped, error: p.error, patch: p.patch })), null, 2));
  }
  return 0;
}
