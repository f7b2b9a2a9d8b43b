import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverCases } from '../../conformance/corpus.ts';
import { checkPolicy } from '../../conformance/kinds/policy.ts';
import { checkSelector } from '../../conformance/kinds/selector.ts';
import { checkWebhook } from '../../conformance/kinds/webhook.ts';

// The conformance corpus lives outside the repository; read it at run time, never copy it in.
const ROOT = resolve(__dirname, '../../../../shared/conformance');
const present = existsSync(ROOT);
if (!present) console.warn(`SKIPPING the selector/webhook/policy corpus test: ${ROOT} is absent`);

const checkers = { selector: checkSelector, webhook: checkWebhook, policy: checkPolicy };

describe.skipIf(!present)('admission corpus', () => {
  for (const [kind, checker] of Object.entries(checkers)) {
    const cases = present ? discoverCases([ROOT], [kind]) : [];
    it.each(cases.map((c) => [c.name, c] as const))(`${kind}/%s`, async (_name, c) => {
      const outcome = await checker(c);
      expect(outcome.diff ?? '').toBe('');
      expect(outcome.pass).toBe(true);
    });
  }
});
