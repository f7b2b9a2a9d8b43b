/**
 * What both text readers (iptables-restore payloads, nft scripts) keep around their grammars while
 * they read: the lines (at most MAX_LINES of them), the program's ops and diagnostics so far, and
 * `report`, which records a refused line once — as a Diagnostic at line:column and as an `invalid`
 * op where the tool would stop.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { Op } from './model.ts';

export const MAX_LINES = 50_000;

export interface LineReading {
  lines: string[];
  /** How many lines are read: all of them, or the first MAX_LINES. */
  count: number;
  ops: Op[];
  diagnostics: Diagnostic[];
  report(message: string, line: number, column?: number): void;
}

/** `noun` names the text in the line-cap message ("the payload has 60000 lines; …"). */
export function readLines(text: string, where: { input: string; origin: string }, noun: string): LineReading {
  const lines = text.split('\n');
  const ops: Op[] = [];
  const diagnostics: Diagnostic[] = [];
  let invalidAt = 0;
  const report = (message: string, line: number, column = 1) => {
    diagnostics.push(diagnostic(where.origin, 'error', message, { input: where.input, line, column }));
    // The tool stops at the first line it cannot read; the program keeps where.
    if (line !== invalidAt) ops.push({ op: 'invalid', message, src: { line, text: lines[line - 1]?.replace(/\r$/, '').trim() ?? '' } });
    invalidAt = line;
  };
  if (lines.length > MAX_LINES) report(`the ${noun} has ${lines.length} lines; only the first ${MAX_LINES} are read`, MAX_LINES);
  return { lines, count: Math.min(lines.length, MAX_LINES), ops, diagnostics, report };
}
