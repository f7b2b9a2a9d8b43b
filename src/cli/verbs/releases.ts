import { readScenarioDocuments } from '../../engine/documents/index.ts';
import { formatRelease, knownReleaseNames, MASTER, parseRelease, upgradePath, type IstioRelease, type UpgradeStep } from '../../engine/releases/index.ts';
import { releasesOfDocuments } from '../../engine/releases/index.ts';
import { CliError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';
import { structuredOutput } from './format.ts';

function releaseFlag(name: string, text: string | undefined): IstioRelease | undefined {
  if (text === undefined) return undefined;
  const parsed = parseRelease(text);
  if (!parsed.release) throw new CliError(`${name}: ${parsed.error}`);
  return parsed.release;
}

interface Plan {
  revision?: string;
  from: string;
  /** How the starting release was found (the flag, or what the files show). */
  why: string;
  to: string;
  steps: UpgradeStep[];
}

function planText(p: Plan): string[] {
  const head = `${p.revision ? `revision ${p.revision}: ` : ''}from ${p.from} to ${p.to} (${p.why})`;
  if (!p.steps.length) return [head, `  nothing in meshsim's release table changes between ${p.from} and ${p.to}.`];
  return [head, ...p.steps.flatMap((s) => [`  ${s.label}:`, ...s.changes.map((c) => `    - ${c}`)])];
}

/**
 * `meshsim releases`: the Istio releases meshsim simulates, and what changes release by release on
 * an upgrade from one (given, or read from the pasted injector ConfigMaps) to another.
 */
export function run(args: string[], io: CliIO): number {
  const { values, flags, positional } = parseFlags(args, ['-f', '--filename', '--from', '--to', '-o', '--output'], ['--json']);
  if (positional.length) throw new CliError(`unexpected argument ${JSON.stringify(positional[0])}: name the release with --from`);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'json', 'yaml'] as const, 'text');
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? [])];
  const to = releaseFlag('--to', values['--to']?.at(-1)) ?? MASTER;
  const from = releaseFlag('--from', values['--from']?.at(-1));
  const plans: Plan[] = [];
  if (from) {
    plans.push({ from: formatRelease(from), why: 'as given', to: formatRelease(to), steps: upgradePath(from, to) });
  } else if (files.length) {
    const docs = readScenarioDocuments(files.map((f) => ({ name: f === '-' ? 'stdin' : f, text: readInput(f, io) })));
    const found = releasesOfDocuments(docs, undefined);
    const choices = Object.values(found.revisions);
    if (!choices.length) throw new CliError(`no istio-sidecar-injector ConfigMap or Istio image in ${files.join(', ')}: give the release with --from`);
    for (const c of choices) plans.push({ revision: c.revision, from: c.name, why: c.summary.replace(/\.$/, ''), to: formatRelease(to), steps: upgradePath(c.release, to) });
  }
  if (format !== 'text') {
    io.out(structuredOutput(plans.length ? plans : { releases: knownReleaseNames() }, format));
    return 0;
  }
  if (!plans.length) {
    io.out(
      [
        `Istio releases meshsim simulates (each minor as its latest patch; an exact patch such as 1.24.3 is taken too):`,
        `  ${knownReleaseNames().join(' ')}`,
        '',
        'What an upgrade changes: meshsim releases --from 1.24 [--to 1.28], or -f with your istio-sidecar-injector ConfigMap.',
      ].join('\n'),
    );
    return 0;
  }
  io.out(plans.flatMap((p, i) => [...(i ? [''] : []), ...planText(p)]).join('\n'));
  return 0;
}
