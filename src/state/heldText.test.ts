import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../worker/protocol.ts';
import { EDITOR_LIMIT, heldNoticeProblems, shownInHeldNotices } from './heldText.ts';

const texts = { workloads: 'x'.repeat(EDITOR_LIMIT + 1), namespaces: 'kind: Namespace\n', webhooks: '', injector: '', mesh: '' };
const refusal: Diagnostic = { origin: 'yaml', severity: 'error', code: 'input-too-large', message: 'workloads holds 50.0 MB of text; …', source: { input: 'workloads', line: 1, column: 1 } };
const shown: Diagnostic = { origin: 'yaml', severity: 'error', message: 'bad indentation', source: { input: 'namespaces', line: 1, column: 1 } };
const warning: Diagnostic = { origin: 'documents', severity: 'warning', message: 'a warning', source: { input: 'workloads', line: 2, column: 1 } };

describe('what a held tab\'s notice says, said once', () => {
  it('the notice lists the held tab\'s errors, and the error list leaves exactly those out', () => {
    const all = [refusal, shown, warning];
    expect(heldNoticeProblems(all, 'workloads')).toEqual([refusal]);
    // The namespaces tab is in the editor: its error stays in the list; the held tab's warning is not in its notice, so it stays too.
    expect([...shownInHeldNotices(texts, all)]).toEqual([refusal]);
  });

  it('a tab the editor holds has no notice, so nothing is left out', () => {
    expect(shownInHeldNotices({ ...texts, workloads: 'kind: Pod\n' }, [refusal, shown]).size).toBe(0);
  });

  it('the notice shows at most three errors; the rest stay in the list', () => {
    const many = Array.from({ length: 5 }, (_, i): Diagnostic => ({ ...shown, message: `e${i}`, source: { input: 'workloads', line: i + 1, column: 1 } }));
    expect([...shownInHeldNotices(texts, many)].map((d) => d.message)).toEqual(['e0', 'e1', 'e2']);
  });
});
