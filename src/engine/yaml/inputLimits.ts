/**
 * What meshsim reads at most, checked before a text is parsed, so a hostile or mistaken paste gets
 * a sentence naming the limit and the place instead of a hang, a crashed tab or "Maximum call
 * stack size exceeded". The limits sit far above anything a cluster holds: Kubernetes refuses a
 * request over 3 MiB and nesting deeper than 10,000 levels (encoding/json's max depth).
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';

/** Characters one input (an editor tab, a file) may hold: a `kubectl get -A -o yaml` of about 2,000 pods. */
export const MAX_INPUT_CHARS = 16 * 1024 * 1024;
/**
 * How deeply collections may nest. JavaScript's stack, not Kubernetes, sets this one: the yaml library
 * and the engine's walks recurse once per level (Kubernetes objects nest a few dozen levels; CRD
 * schemas about a hundred).
 */
export const MAX_NESTING_DEPTH = 256;

/** The API server refuses a request body larger than this (MaxRequestBodyBytes): "Request entity too large". */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

/** The refusal of one object too large for the API server to accept, or undefined. */
export function objectSizeRefusal(size: number | undefined, what: string): string | undefined {
  if (size === undefined || size <= MAX_REQUEST_BYTES) return undefined;
  return `${what} is ${formatSize(size)} as written; the API server refuses any request over 3 MiB ("Request entity too large: limit is ${MAX_REQUEST_BYTES}"), so meshsim does not read it`;
}

export function formatSize(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(chars / 1024)} KB`;
}

/** The refusal of a text too long to read, at its first line. */
export function sizeRefusal(text: string, input: string): Diagnostic | undefined {
  if (text.length <= MAX_INPUT_CHARS) return undefined;
  return {
    ...diagnostic(
      'yaml',
      'error',
      `${input} holds ${formatSize(text.length)} of text; meshsim reads at most ${formatSize(MAX_INPUT_CHARS)} per input, so none of it was read (the text itself is kept). Split it, or paste only the objects you need`,
      { input, line: 1, column: 1 },
    ),
    code: 'input-too-large',
  };
}

/** Real objects rarely nest past this; the level where a too-deep value passes it is where it is shown. */
const WHERE_DEEP = 32;

/** A CST token as the yaml library's Parser makes it (only what the depth walk reads). */
interface CstToken {
  type?: string;
  offset?: number;
  value?: CstToken;
  items?: { key?: CstToken | null; value?: CstToken | null }[];
}

/**
 * The first place where collections nest deeper than MAX_NESTING_DEPTH, read from the yaml
 * library's concrete syntax tree (which its Parser builds without recursion) before anything walks
 * it recursively. `start` is where the value becomes unusually deep: its level WHERE_DEEP.
 */
export function deepNesting(tokens: readonly unknown[]): { depth: number; start: number } | undefined {
  const stack: [token: CstToken, depth: number, start: number][] = [];
  for (const t of tokens) {
    const doc = t as CstToken;
    if (doc?.type === 'document' && doc.value) stack.push([doc.value, 1, doc.value.offset ?? 0]);
  }
  while (stack.length) {
    const [token, depth, start] = stack.pop()!;
    if (!token.items) continue;
    if (depth > MAX_NESTING_DEPTH) return { depth, start };
    // Key and value pushed one by one (no array per item): this walks every token of every input.
    for (const item of token.items) {
      const { key, value } = item;
      if (key && typeof key === 'object') stack.push([key, depth + 1, depth < WHERE_DEEP ? (key.offset ?? start) : start]);
      if (value && typeof value === 'object') stack.push([value, depth + 1, depth < WHERE_DEEP ? (value.offset ?? start) : start]);
    }
  }
  return undefined;
}
