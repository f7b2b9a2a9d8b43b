import { describe, expect, it } from 'vitest';
import { podCreateRequest } from './admissionRequest.ts';
import { MAX_MATCH_CONDITIONS, PER_CALL_LIMIT, RUNTIME_COST_BUDGET_MATCH_CONDITIONS, checkMatchConditions, readMatchConditions } from './matchConditions.ts';
import { evaluateWebhooks } from './matchWebhooks.ts';
import { readWebhookConfiguration } from './webhookConfiguration.ts';

const podRule = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }];
const containers = Array.from({ length: 60 }, (_, i) => ({ name: `c${i}` }));
const pod = (name = 'web') => podCreateRequest('ns', {}, { labels: { app: 'web' }, value: { metadata: { name, labels: { app: 'web' } }, spec: { containers } } });

function webhook(matchConditions: unknown, failurePolicy = 'Fail') {
  const c = readWebhookConfiguration({ kind: 'MutatingWebhookConfiguration', metadata: { name: 'a' }, webhooks: [{ name: 'w.x.io', rules: podRule, failurePolicy, matchConditions }] });
  return { problems: c.webhooks[0].problems, evaluation: evaluateWebhooks([c], pod())[0] };
}

/** An expression that costs far more than PerCallLimit: four nested loops over the pod's 60 containers. */
const expensive = 'object.spec.containers.all(a, object.spec.containers.all(b, object.spec.containers.all(c, object.spec.containers.all(d, a.name != "x"))))';

describe('the API server refuses a configuration whose matchConditions it cannot accept', () => {
  it.each([
    [[{ name: 'c', expression: 1 }], 'json: cannot unmarshal number into Go struct field MatchCondition.webhooks.matchConditions.expression of type string'],
    [[{ expression: 'true' }], 'webhooks[0].matchConditions[0].name: Required value'],
    [[{ name: 'c' }], 'webhooks[0].matchConditions[0].expression: Required value'],
    [[{ name: 'c', expression: 'true' }, { name: 'c', expression: 'false' }], 'webhooks[0].matchConditions[1].name: Duplicate value: "c"'],
    [[{ name: 'a b', expression: 'true' }], 'webhooks[0].matchConditions[0].name: Invalid value: "a b": name part must consist of alphanumeric characters'],
    [[{ name: 'c', expression: 'object.metadata.name ==' }], 'webhooks[0].matchConditions[0].expression: Invalid value: "object.metadata.name ==": compilation failed: ERROR: <input>:1:'],
    [[{ name: 'c', expression: 'object.metadata.name' }], 'must evaluate to bool but got dyn'],
    [[{ name: 'c', expression: "object.metadata.name.matches('a{1001}')" }], 'compilation failed: ERROR: <input>:1:30: invalid matches argument'],
    [[{ name: 'c', expression: 'params.a == 1' }], "undeclared reference to 'params'"],
    [Array.from({ length: 65 }, (_, i) => ({ name: `c${i}`, expression: 'true' })), `webhooks[0].matchConditions: Too many: 65: must have at most ${MAX_MATCH_CONDITIONS} items`],
  ])('%j', (conditions, problem) => {
    const { problems, evaluation } = webhook(conditions);
    expect(problems.join('\n')).toContain(problem);
    expect(evaluation.stoppedAt).toBe('invalid');
    expect(evaluation.called).toBe(false);
  });

  it("accepts what it can compile, including Kubernetes' own library functions meshsim lacks", () => {
    expect(readMatchConditions([{ name: 'a', expression: 'quantity("1").isInteger()' }, { name: 'b', expression: expensive }], 'webhooks[0]').problems).toEqual([]);
  });
});

describe('the API server stops an evaluation that runs past its cost limits', () => {
  it(`one expression past PerCallLimit (${PER_CALL_LIMIT}) fails; the failure policy decides`, () => {
    const failing = webhook([{ name: 'loops', expression: expensive }]).evaluation;
    expect(failing.called).toBe(false);
    expect(failing.matchConditions.conditions[0].message).toContain('operation cancelled: actual cost limit exceeded');
    expect(failing.rejects).toContain('actual cost limit exceeded');
    const ignoring = webhook([{ name: 'loops', expression: expensive }], 'Ignore').evaluation;
    expect(ignoring.rejects).toBeUndefined();
    expect(ignoring.reason).toContain('failurePolicy Ignore skips the webhook');
  });

  it('a false condition still keeps the webhook from being called when another fails', () => {
    const e = webhook([{ name: 'loops', expression: expensive }, { name: 'no', expression: 'false' }]).evaluation;
    expect(e.matchConditions.outcome).toBe('fail');
    expect(e.rejects).toBeUndefined();
  });

  it(`the conditions together past RuntimeCELCostBudgetMatchConditions (${RUNTIME_COST_BUDGET_MATCH_CONDITIONS}) fail the whole evaluation, even a false one`, () => {
    const three = [1, 2, 3].map((i) => ({ name: `loops${i}`, expression: expensive }));
    const r = checkMatchConditions([...three, { name: 'no', expression: 'false' }], pod());
    expect(r.outcome).toBe('error');
    expect(r.budgetExhausted).toBe(true);
    expect(r.why).toContain('validation failed due to running out of cost budget, no further validation rules will be run');
    expect(r.conditions.map((c) => c.name)).toEqual(['loops1', 'loops2', 'loops3']);
  });

  it("runs matches() as RE2: a pattern JavaScript's engine would take minutes on answers at once", () => {
    const r = checkMatchConditions([{ name: 're', expression: "object.metadata.name.matches('^(a|aa)+$')" }], pod(`${'a'.repeat(5000)}b`));
    expect(r.outcome).toBe('fail');
  });

  it('reads a __proto__ key of the object as a key, not a prototype', () => {
    const request = podCreateRequest('ns', {}, { labels: {}, value: JSON.parse('{"metadata":{"labels":{"__proto__":"x"}}}') });
    const r = checkMatchConditions([{ name: 'p', expression: "object.metadata.labels['__proto__'] == 'x' && !has(object.metadata.constructor)" }], request);
    expect(r.outcome).toBe('pass');
  });
});
