import type { KindChecker } from '../types.ts';

// The engine cannot run "webhook" cases yet; until it can, each one counts as failed (never skipped).
export const checkWebhook: KindChecker = () => ({ pass: false, diff: '  kind "webhook" is not supported by the engine yet' });
