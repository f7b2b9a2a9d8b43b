import { readFileSync } from 'node:fs';

declare const MESHSIM_VERSION: string | undefined;

/**
 * The package's version: written into the bundle when the CLI is built, read from package.json
 * when the sources run directly (tests).
 */
export function version(): string {
  if (typeof MESHSIM_VERSION === 'string') return MESHSIM_VERSION;
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
