import type { KindChecker } from '../types.ts';

// The engine cannot run "iptables" cases yet; until it can, each one counts as failed (never skipped).
export const checkIptables: KindChecker = () => ({ pass: false, diff: '  kind "iptables" is not supported by the engine yet' });
