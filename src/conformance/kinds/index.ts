import type { KindChecker } from '../types.ts';
import { checkAmbient } from './ambient.ts';
import { checkAmbientRules } from './ambientRules.ts';
import { checkAmbientTrace } from './ambientTrace.ts';
import { checkGotemplate } from './gotemplate.ts';
import { checkInject } from './inject.ts';
import { checkIptables } from './iptables.ts';
import { checkNftables } from './nftables.ts';
import { checkPolicy } from './policy.ts';
import { checkSelector } from './selector.ts';
import { checkTrace } from './trace.ts';
import { checkWebhook } from './webhook.ts';

/** One checker per corpus kind; each file owns how its kind's case.yaml maps onto the engine. */
export const checkers: Record<string, KindChecker> = {
  selector: checkSelector,
  webhook: checkWebhook,
  policy: checkPolicy,
  gotemplate: checkGotemplate,
  inject: checkInject,
  iptables: checkIptables,
  nftables: checkNftables,
  trace: checkTrace,
  'nftables-trace': checkTrace,
  ambient: checkAmbient,
  'ambient-rules': checkAmbientRules,
  'ambient-trace': checkAmbientTrace,
};
