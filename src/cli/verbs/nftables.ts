import type { CliIO } from '../io.ts';
import { capture } from './iptables.ts';

/** `meshsim nftables`: istio-iptables' native nftables backend, the nft script or `nft list ruleset`. */
export function run(args: string[], io: CliIO): number {
  return capture(args, io, true);
}
