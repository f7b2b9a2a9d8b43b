import { examples } from '../examples/examples.ts';
import type { InputName } from '../worker/protocol.ts';

/** The scenario the app opens on: a Deployment in a namespace labelled for injection, a default install. */
export const defaultScenario: Record<InputName, string> = examples[0].texts;
export { examples };
