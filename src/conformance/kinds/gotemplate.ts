import type { KindChecker } from '../types.ts';

// The engine cannot run "gotemplate" cases yet; until it can, each one counts as failed (never skipped).
export const checkGotemplate: KindChecker = () => ({ pass: false, diff: '  kind "gotemplate" is not supported by the engine yet' });
