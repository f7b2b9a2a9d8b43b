import type { AdmissionRequest } from './admissionRequest.ts';
import type { WebhookRule } from './webhookConfiguration.ts';

export interface RulesCheck {
  matched: boolean;
  /** Index of the first rule that matched. */
  ruleIndex?: number;
  /** One sentence: which rule matched, or why none did (from the first rule). */
  why: string;
}

const listHas = (list: string[], value: string) => list.includes('*') || list.includes(value);

function splitResource(entry: string): [string, string] {
  const slash = entry.indexOf('/');
  return slash < 0 ? [entry, ''] : [entry.slice(0, slash), entry.slice(slash + 1)];
}

const isNamespaceResource = (r: AdmissionRequest) => r.group === '' && r.version === 'v1' && r.resource === 'namespaces';

/** Why a rule does not match the request, or undefined when it does (the API server's rule matcher). */
export function ruleMismatch(rule: WebhookRule, r: AdmissionRequest): string | undefined {
  if (!listHas(rule.operations, r.operation)) return `operation ${r.operation} is not in operations [${rule.operations.join(', ')}]`;
  if (!listHas(rule.apiGroups, r.group)) return `API group "${r.group}" is not in apiGroups [${rule.apiGroups.map((g) => JSON.stringify(g)).join(', ')}]`;
  if (!listHas(rule.apiVersions, r.version)) return `API version "${r.version}" is not in apiVersions [${rule.apiVersions.join(', ')}]`;
  const resourceMatches = rule.resources.some((entry) => {
    const [res, sub] = splitResource(entry);
    return (res === '*' || res === r.resource) && (sub === '*' || sub === r.subresource);
  });
  const asked = r.subresource ? `${r.resource}/${r.subresource}` : r.resource;
  if (!resourceMatches) return `resource ${asked} is not in resources [${rule.resources.join(', ')}]`;
  if (rule.scope === 'Namespaced' && (isNamespaceResource(r) || r.namespace === '')) return `scope Namespaced does not cover a cluster-scoped request`;
  if (rule.scope === 'Cluster' && !(isNamespaceResource(r) || r.namespace === '')) return `scope Cluster does not cover a namespaced request`;
  if (!['*', 'Namespaced', 'Cluster'].includes(rule.scope)) return `scope ${JSON.stringify(rule.scope)} is not valid`;
  return undefined;
}

export function checkRules(rules: WebhookRule[], r: AdmissionRequest): RulesCheck {
  const asked = `${r.operation} ${r.group || 'core'}/${r.version} ${r.subresource ? `${r.resource}/${r.subresource}` : r.resource}`;
  if (!rules.length) return { matched: false, why: 'the webhook has no rules' };
  let first: string | undefined;
  for (let i = 0; i < rules.length; i++) {
    const miss = ruleMismatch(rules[i], r);
    if (!miss) return { matched: true, ruleIndex: i, why: `rules[${i}] covers ${asked}` };
    first ??= miss;
  }
  return { matched: false, why: rules.length === 1 ? `rules[0] does not cover ${asked}: ${first}` : `no rule covers ${asked} (rules[0]: ${first})` };
}
