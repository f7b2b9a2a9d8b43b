import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleInstalls } from './exampleInstalls.ts';

describe('generated example installs', () => {
  it.each(Object.entries(exampleInstalls()))('%s is up to date with the built-in install', (file, text) => {
    const onDisk = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    expect(onDisk, 'run: npx tsx scripts/write-example-installs.ts').toBe(text);
  });
});
