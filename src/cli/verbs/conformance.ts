import { runConformance } from '../../conformance/runner.ts';
import { CliError, outputFormat, parseFlags, type CliIO } from '../io.ts';

export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, flags, positional } = parseFlags(args, ['--kind', '-o', '--output'], ['--json']);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'json'] as const, 'text');
  if (!positional.length) throw new CliError('no corpus: give the folder(s) to run, e.g. meshsim conformance ../shared/conformance');
  const report = await runConformance(positional, values['--kind']);
  if (format === 'json') {
    // JSON only, so the output parses; the counts are in it.
    io.out(JSON.stringify(report, null, 2));
    return report.failed > 0 || report.results.length === 0 ? 1 : 0;
  } else {
    for (const r of report.results) {
      if (!r.pass) io.out(`FAIL ${r.kind}/${r.name}\n${r.diff ?? ''}`);
    }
    for (const [kind, n] of Object.entries(report.byKind)) {
      io.out(`${kind}: ${n.passed} passed, ${n.failed} failed`);
    }
  }
  io.out(`conformance: ${report.passed} passed, ${report.failed} failed`);
  return report.failed > 0 || report.results.length === 0 ? 1 : 0;
}
