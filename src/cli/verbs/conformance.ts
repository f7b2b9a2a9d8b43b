import { existsSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { runConformance } from '../../conformance/runner.ts';
import { CliError, outputFormat, parseFlags, type CliIO } from '../io.ts';

export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, flags, positional } = parseFlags(args, ['--kind', '-o', '--output'], ['--json']);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'json'] as const, 'text');
  if (!positional.length) throw new CliError('no corpus: give the folder(s) to run, e.g. meshsim conformance ../shared/conformance');
  const roots = corpusFolders(positional, io);
  const report = await runConformance(roots, values['--kind']);
  if (format === 'json') {
    // JSON only, so the output parses; the counts are in it.
    io.out(JSON.stringify(report, null, 2));
    return report.failed > 0 || report.results.length === 0 ? 1 : 0;
  } else {
    for (const r of report.results) {
      if (!r.pass) io.out(`FAIL ${roots.length > 1 ? `${shown(r.root)}: ` : ''}${r.kind}/${r.name}\n${r.diff ?? ''}`);
    }
    // Several roots (e.g. every release's corpus): each root's counts first, so a failure names its release.
    if (Object.keys(report.byRoot).length > 1) {
      for (const [root, kinds] of Object.entries(report.byRoot)) {
        io.out(`${shown(root)}:`);
        for (const [kind, n] of Object.entries(kinds)) io.out(`  ${kind}: ${n.passed} passed, ${n.failed} failed`);
      }
    }
    for (const [kind, n] of Object.entries(report.byKind)) {
      io.out(`${kind}: ${n.passed} passed, ${n.failed} failed`);
    }
  }
  io.out(`conformance: ${report.passed} passed, ${report.failed} failed`);
  return report.failed > 0 || report.results.length === 0 ? 1 : 0;
}

/**
 * The corpus folders among the arguments. A missing path is a mistake (exit 2); a file is skipped
 * with a note, so a shell glob such as `conformance-releases/*` may take the folder's README along.
 */
function corpusFolders(paths: string[], io: CliIO): string[] {
  const folders: string[] = [];
  for (const p of paths) {
    if (!existsSync(p)) throw new CliError(`no such corpus folder: ${p}`);
    if (!statSync(p).isDirectory()) {
      io.err(`meshsim conformance: ${p} is a file, not a corpus folder; skipped`);
      continue;
    }
    folders.push(p);
  }
  if (!folders.length) throw new CliError('no corpus folder among the arguments');
  return folders;
}

function shown(root: string): string {
  return relative(process.cwd(), root) || '.';
}
