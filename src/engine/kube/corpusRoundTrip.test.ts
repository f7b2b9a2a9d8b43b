/**
 * The strongest oracle for the writer: every object Istio's kube-inject golden files contain was
 * printed by sigs.k8s.io/yaml, so reading it and writing it again must give the same bytes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeKubeYaml } from './decodeKubeYaml.ts';
import { toSigsYaml, type JsonValue } from './sigsYamlWriter.ts';
import { typedRoundTrip } from './typedRoundTrip.ts';
import { KUBE_INJECT_SCHEME } from './workloadSchema.ts';

const INJECT_DIR = fileURLToPath(new URL('../../../../shared/conformance/inject', import.meta.url));
// Documents of other kinds are copied verbatim by kube-inject, so they are not sigs.k8s.io/yaml output.
const REWRITTEN_KINDS = new Set(['Pod', 'ReplicationController', 'List', 'Deployment', 'DaemonSet', 'ReplicaSet', 'StatefulSet', 'Job', 'CronJob', 'DeploymentConfig']);

/** Documents of the goldens; with `kubeInjectOnly`, only of cases whose golden kube-inject printed. */
function goldenDocuments(kubeInjectOnly = false): [string, string][] {
  const out: [string, string][] = [];
  for (const name of readdirSync(INJECT_DIR).sort()) {
    const file = `${INJECT_DIR}/${name}/expected.yaml`;
    if (!existsSync(file)) continue;
    if (kubeInjectOnly) {
      const spec = decodeKubeYaml(readFileSync(`${INJECT_DIR}/${name}/case.yaml`, 'utf8')).documents[0]?.value as { modes?: { kubeInject?: unknown } };
      if (!spec?.modes?.kubeInject) continue;
    }
    readFileSync(file, 'utf8')
      .split(/^---\n/m)
      .forEach((text, i) => {
        if (text.trim()) out.push([`${name}#${i}`, text]);
      });
  }
  return out;
}

const present = existsSync(INJECT_DIR);
if (!present) console.warn(`SKIPPING corpus round trip: ${INJECT_DIR} is absent`);

describe.skipIf(!present)('sigs.k8s.io/yaml round trip of the inject goldens', () => {
  const docs = present ? goldenDocuments() : [];
  it('finds the goldens', () => expect(docs.length).toBeGreaterThan(50));
  it.each(docs)('%s', (_name, text) => {
    const decoded = decodeKubeYaml(text);
    expect(decoded.diagnostics).toEqual([]);
    const value = decoded.documents[0].value as { kind?: string };
    if (!REWRITTEN_KINDS.has(String(value.kind))) return;
    expect(toSigsYaml(value).trimEnd()).toBe(text.trimEnd());
  });
});

function typedObject(value: JsonValue): JsonValue {
  const v = value as { apiVersion?: string; kind?: string; items?: JsonValue[] };
  const type = KUBE_INJECT_SCHEME[`${v.apiVersion}/${v.kind}`];
  if (!type) return value;
  const r = typedRoundTrip(type, value, { fromYaml: true });
  expect(r.errors).toEqual([]);
  if (type !== 'List') return r.value;
  const list = r.value as { items: JsonValue[] };
  return { ...list, items: list.items.map(typedObject) };
}

describe.skipIf(!present)('the typed round trip leaves kube-inject goldens unchanged', () => {
  const docs = present ? goldenDocuments(true) : [];
  it('finds the goldens', () => expect(docs.length).toBeGreaterThan(50));
  it.each(docs)('%s', (_name, text) => {
    const value = decodeKubeYaml(text).documents[0].value as { kind?: string };
    if (!REWRITTEN_KINDS.has(String(value.kind))) return;
    expect(toSigsYaml(typedObject(value)).trimEnd()).toBe(text.trimEnd());
  });
});
