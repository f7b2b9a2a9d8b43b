import type { KindChecker } from '../types.ts';

// The engine cannot run "trace" cases yet; until it can, each one counts as failed (never skipped).
export const checkTrace: KindChecker = () => ({ pass: false, diff: '  kind "trace" is not supported by the engine yet' });
