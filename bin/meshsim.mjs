#!/usr/bin/env node
// The meshsim CLI runs the TypeScript sources directly through tsx, so `npx meshsim` works right
// after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
