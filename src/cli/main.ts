import { CliError, InputError, processIO, type CliIO } from './io.ts';
import { VERBS } from './verbs.ts';
import { version } from './version.ts';

function usage(): string {
  const width = Math.max(...Object.keys(VERBS).map((v) => v.length));
  return [
    'Usage: meshsim VERB [options]',
    '',
    'Simulates how Kubernetes admits a pod into an Istio mesh and where its packets go, offline.',
    '',
    'Verbs:',
    ...Object.entries(VERBS).map(([name, v]) => `  ${name.padEnd(width)}  ${v.summary}`),
    '',
    'meshsim VERB --help prints a verb\'s options and exit codes; meshsim --version its version.',
    'Exit codes: 0 success, 1 the answer is "no" (a pod not injected, drift, a failing case),',
    '2 a wrong command line or input that cannot be read.',
  ].join('\n');
}

const isHelp = (a: string | undefined) => a === '--help' || a === '-h';

/** Runs one command line; returns the exit code. Nothing below throws past here. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [verb, ...args] = argv;
  if (verb === undefined) {
    io.err(usage());
    return 2;
  }
  if (isHelp(verb) || verb === 'help') {
    const about = verb === 'help' && args[0] ? VERBS[args[0]] : undefined;
    if (verb === 'help' && args[0] && !about) return unknownVerb(args[0], io);
    io.out(about ? about.help() : usage());
    return 0;
  }
  if (verb === '--version' || verb === '-V' || verb === 'version') {
    io.out(`meshsim ${version()}`);
    return 0;
  }
  const spec = VERBS[verb];
  if (!spec) return unknownVerb(verb, io);
  // `--help` anywhere before a `--` (after it, the arguments belong to istio-iptables).
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (own.some(isHelp)) {
    io.out(spec.help());
    return 0;
  }
  try {
    const { run } = await spec.load();
    return await run(args, io);
  } catch (err) {
    if (err instanceof InputError) {
      io.err(err.message);
      return err.exitCode;
    }
    if (err instanceof CliError) {
      io.err(`meshsim ${verb}: ${err.message}\nRun meshsim ${verb} --help for its usage.`);
      return err.exitCode;
    }
    // The engine never throws by contract; anything here is a bug in meshsim, said once, plainly.
    io.err(`meshsim ${verb}: internal error: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
}

function unknownVerb(verb: string, io: CliIO): number {
  io.err(`meshsim: unknown verb ${JSON.stringify(verb)}\n\n${usage()}`);
  return 2;
}
