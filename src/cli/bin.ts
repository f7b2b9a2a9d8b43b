// The CLI's entry when it runs as a program (the bundle in dist-cli/ is built from this file).
import { main } from './main.ts';

// `meshsim check … | head`: when the reader goes away, stop quietly, with the verb's exit code if
// it has one, instead of a stack trace about EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

process.exitCode = await main(process.argv.slice(2));
