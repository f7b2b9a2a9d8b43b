// Writes the injector ConfigMaps of the examples that need a non-default policy, selector or
// template: meshsim's built-in install with one change each. Run with `npx tsx scripts/write-example-installs.ts`
// after changing the built-in install; src/examples/installs.test.ts fails while they are stale.
import { writeFileSync } from 'node:fs';
import { exampleInstalls } from '../src/examples/exampleInstalls.ts';

for (const [file, text] of Object.entries(exampleInstalls())) {
  writeFileSync(new URL(`../src/examples/${file}`, import.meta.url), text);
  console.log(`wrote src/examples/${file}`);
}
