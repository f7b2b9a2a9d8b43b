import { readFileSync } from 'node:fs';
import { INPUT_NAMES, type InputName } from '../../engine/index.ts';

/** The app's default scenario, read from the example files (the app inlines the same files). */
export function defaultScenarioTexts(): Record<InputName, string> {
  const dir = new URL('../../examples/default/', import.meta.url);
  return Object.fromEntries(INPUT_NAMES.map((name) => [name, readFileSync(new URL(`${name}.yaml`, dir), 'utf8')])) as Record<InputName, string>;
}

/** How many runs a property gets: `MESHSIM_FUZZ_SCALE=10` fuzzes ten times longer, locally. */
export function runs(base: number): number {
  const scale = Number(process.env.MESHSIM_FUZZ_SCALE ?? 1);
  return Math.max(1, Math.round(base * (scale > 0 ? scale : 1)));
}
