#!/usr/bin/env node
// The meshsim command. It runs the bundle in dist-cli/, built at `npm pack` time by
// scripts/build-cli.mjs, so the installed package needs nothing but Node. In a checkout of the
// repository (where src/ is beside it), a missing bundle, or one older than any of its sources,
// is built first: `npx meshsim` never runs stale code.
import { existsSync, readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const bundle = new URL('dist-cli/meshsim.mjs', root);

function stale() {
  if (!existsSync(new URL('src/cli/bin.ts', root))) return false; // an installed package: no sources
  if (!existsSync(bundle)) return true;
  try {
    const built = statSync(bundle).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(new URL('dist-cli/inputs.json', root), 'utf8'));
    return [...inputs, 'package.json'].some((p) => {
      try {
        return statSync(new URL(p, root)).mtimeMs > built;
      } catch {
        return true; // a source was removed or renamed
      }
    });
  } catch {
    return true;
  }
}

if (stale()) {
  try {
    const { buildCli } = await import(new URL('scripts/build-cli.mjs', root).href);
    await buildCli({ quiet: true });
  } catch (err) {
    process.stderr.write(`meshsim: the CLI bundle is missing or out of date and could not be built (${err instanceof Error ? err.message : err}); run npm ci, then try again\n`);
    process.exit(2);
  }
}
await import(bundle.href);
