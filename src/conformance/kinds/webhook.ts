import { isDeepStrictEqual } from 'node:util';
import { namespaceLabelsAsServed, type AdmissionRequest, type RequestObject } from '../../engine/webhooks/index.ts';
import { checkInject } from '../../engine/webhooks/index.ts';
import { evaluateWebhooks } from '../../engine/webhooks/index.ts';
import { readWebhookConfiguration, type WebhookConfiguration } from '../../engine/webhooks/index.ts';
import { parseYamlDocuments } from '../../engine/yaml/index.ts';
import { readCaseFile } from '../corpus.ts';
import type { CorpusCase, KindChecker } from '../types.ts';

function loadConfigurations(c: CorpusCase): { configurations: WebhookConfiguration[]; errors: string[] } {
  const configurations: WebhookConfiguration[] = [];
  const errors: string[] = [];
  for (const entry of c.spec.configurations ?? []) {
    if (entry.inline) {
      configurations.push(readWebhookConfiguration(entry.inline));
      continue;
    }
    const parsed = parseYamlDocuments(readCaseFile(c, entry.file), entry.file);
    errors.push(...parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => `${entry.file}: ${d.message}`));
    for (const doc of parsed.documents) configurations.push(readWebhookConfiguration(doc.value as Record<string, any>));
  }
  return { configurations, errors };
}

function requestObject(raw: any): RequestObject | null {
  if (!raw) return null;
  return raw.noMetadata ? { kind: raw.kind, noMetadata: true } : { kind: raw.kind, labels: raw.labels ?? {} };
}

function buildRequest(spec: any): AdmissionRequest {
  const nsName = String(spec.namespace?.name ?? '');
  const podLabels = spec.pod?.labels ?? {};
  const req = spec.request ?? {
    operation: 'CREATE', group: '', version: 'v1', resource: 'pods', subresource: '', namespace: nsName,
    object: { kind: 'Pod', labels: podLabels }, oldObject: null,
  };
  const object = requestObject(req.object);
  // A request on a Namespace object itself is filtered by that object's labels.
  const ownLabels = req.resource === 'namespaces' && req.namespace === '' ? object?.labels : undefined;
  return {
    operation: req.operation,
    group: req.group ?? '',
    version: req.version ?? '',
    resource: req.resource ?? '',
    subresource: req.subresource ?? '',
    namespace: req.namespace ?? '',
    namespaceLabels: ownLabels ?? namespaceLabelsAsServed(req.namespace ?? nsName, spec.namespace?.labels),
    object,
    oldObject: requestObject(req.oldObject),
  };
}

/** Runs the API server's webhook selection (and check-inject where the case states it) on the case. */
export const checkWebhook: KindChecker = (c) => {
  const { configurations, errors } = loadConfigurations(c);
  if (errors.length) return { pass: false, diff: errors.map((e) => `  ${e}`).join('\n') };
  const request = buildRequest(c.spec);
  const evaluations = evaluateWebhooks(configurations, request);
  const called = evaluations.filter((e) => e.called).map((e) => ({ configuration: e.configuration, webhook: e.webhook }));
  const diffs: string[] = [];
  const expected = c.spec.expected;
  if (!isDeepStrictEqual(called, expected.called ?? [])) {
    diffs.push(`  called: expected ${JSON.stringify(expected.called)}, got ${JSON.stringify(called)}`);
    for (const e of evaluations) diffs.push(`    ${e.configuration}/${e.webhook}: ${e.called ? 'called' : 'not called'} — ${e.reason}`);
  }
  if (expected.checkInject) {
    const ns = namespaceLabelsAsServed(String(c.spec.namespace?.name ?? ''), c.spec.namespace?.labels);
    const rows = checkInject(configurations, c.spec.pod?.labels ?? {}, ns).rows.map(({ webhook, revision, injected, reason }) => ({ webhook, revision, injected, reason }));
    if (!isDeepStrictEqual(rows, expected.checkInject)) {
      diffs.push(`  checkInject: expected ${JSON.stringify(expected.checkInject)}\n               got ${JSON.stringify(rows)}`);
    }
  }
  return diffs.length ? { pass: false, diff: diffs.join('\n') } : { pass: true };
};
