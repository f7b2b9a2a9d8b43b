/**
 * Entry path for a VM: istio-start.sh exports every line of cluster.env and runs istio-iptables with
 * no arguments, so the whole configuration comes from environment variables.
 */
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { captureRulesForArgs, emptyResult } from './capture.ts';
import type { CaptureContext } from './environment.ts';
import type { CaptureResult } from './result.ts';

const MAX_LINES = 10_000;

/** Reads `KEY=value` lines as a shell would with `set -a; . cluster.env`: quotes and escapes removed. */
export function parseClusterEnv(text: string, input = 'cluster.env'): { env: Record<string, string>; diagnostics: Diagnostic[] } {
  const env: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  const lines = text.split('\n');
  if (lines.length > MAX_LINES) diagnostics.push(diagnostic('iptables', 'error', `cluster.env is too long (${lines.length} lines); only the first ${MAX_LINES} are read`));
  lines.slice(0, MAX_LINES).forEach((raw, i) => {
    const line = raw.replace(/\r$/, '').trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) {
      diagnostics.push(diagnostic('iptables', 'warning', `not a KEY=value line: ${JSON.stringify(line)}`, { input, line: i + 1, column: 1 }));
      return;
    }
    const value = unquote(m[2]);
    if (value === undefined) {
      diagnostics.push(diagnostic('iptables', 'warning', `unterminated quote in the value of ${m[1]}`, { input, line: i + 1, column: m[1].length + 2 }));
      return;
    }
    env[m[1]] = value;
  });
  return { env, diagnostics };
}

/** Shell word unquoting: '…' literal, "…" with \-escapes of $`"\ , bare \x → x. */
function unquote(s: string): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return undefined;
      out += s.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === '\\' && j + 1 < s.length && '$`"\\'.includes(s[j + 1])) j++;
        out += s[j];
      }
      if (j >= s.length) return undefined;
      i = j;
    } else if (c === '\\' && i + 1 < s.length) {
      out += s[++i];
    } else if (/\s/.test(c)) {
      break;
    } else {
      out += c;
    }
  }
  return out;
}

export function captureRulesForClusterEnv(text: string, context: CaptureContext = {}): CaptureResult {
  try {
    const { env, diagnostics } = parseClusterEnv(text);
    const why = ['entry path: a VM — istio-start.sh exports cluster.env and runs istio-iptables with no arguments, so every setting comes from the environment'];
    if (env.ISTIO_CUSTOM_IP_TABLES === 'true') {
      why.push('ISTIO_CUSTOM_IP_TABLES=true: istio-start.sh does not run istio-iptables at all');
      return emptyResult('vm-cluster-env', why, diagnostics);
    }
    const result = captureRulesForArgs([], env, context, 'vm-cluster-env');
    result.entry = 'vm-cluster-env';
    result.why = [...why, ...result.why.slice(1).filter((w) => !w.startsWith('istio-iptables command line'))];
    result.diagnostics = [...diagnostics, ...result.diagnostics];
    return result;
  } catch (err) {
    return emptyResult('vm-cluster-env', [], [diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`)]);
  }
}
