import type { KindChecker } from '../types.ts';

// The engine cannot run "inject" cases yet; until it can, each one counts as failed (never skipped).
export const checkInject: KindChecker = () => ({ pass: false, diff: '  kind "inject" is not supported by the engine yet' });
