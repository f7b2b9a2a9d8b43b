import type { KindChecker } from '../types.ts';

// The engine cannot run "selector" cases yet; until it can, each one counts as failed (never skipped).
export const checkSelector: KindChecker = () => ({ pass: false, diff: '  kind "selector" is not supported by the engine yet' });
