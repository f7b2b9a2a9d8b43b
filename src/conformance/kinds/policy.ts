import type { KindChecker } from '../types.ts';

// The engine cannot run "policy" cases yet; until it can, each one counts as failed (never skipped).
export const checkPolicy: KindChecker = () => ({ pass: false, diff: '  kind "policy" is not supported by the engine yet' });
