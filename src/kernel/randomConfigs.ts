/**
 * Random istio-iptables configurations for the kernel comparison of the nftables backend: any mix
 * of the flags and env vars that change the rules, on the suite's documentation addresses, so the
 * engine's own script (istio-iptables --native-nftables) is what the kernel loads.
 */
import type { Family } from '../engine/packettrace/index.ts';
import type { Rng } from './random.ts';
import { ADDRESSING } from './randomRules.ts';

const PORTS = ['53', '80', '443', '3306', '8080', '9000', '15020', '15021', '15090'];

export interface IstioConfig {
  argv: string[];
  env: Record<string, string>;
  resolvConf: string[];
}

export function randomIstioConfig(rng: Rng, family: Family): IstioConfig {
  const a = ADDRESSING[family];
  const other = ADDRESSING[family === 'ipv4' ? 'ipv6' : 'ipv4'];
  const ports = (max: number) => [...new Set(Array.from({ length: rng.int(1, max) }, () => rng.pick(PORTS)))].join(',');
  const cidrs = () => [...new Set(Array.from({ length: rng.int(1, 2) }, () => rng.pick(rng.chance(0.8) ? a.cidrs : other.cidrs)))].join(',');
  const argv = ['istio-iptables', '-p', '15001', '-z', '15006'];
  const tproxy = rng.chance(0.35);
  argv.push('-m', tproxy ? 'TPROXY' : 'REDIRECT');
  argv.push('-u', rng.pick(['1337', '1337', '0', '1337,888']));
  if (rng.chance(0.6)) argv.push('-g', rng.pick(['1337', '0', '1337,888']));
  const inbound = rng.pick(['*', '*', '', ports(3)]);
  argv.push('-b', inbound);
  if (inbound === '*' && rng.chance(0.6)) argv.push('-d', ports(3));
  argv.push('-i', rng.pick(['*', '*', '', cidrs()]));
  if (rng.chance(0.4)) argv.push('-x', cidrs());
  if (rng.chance(0.3)) argv.push('-q', ports(2));
  if (rng.chance(0.4)) argv.push('-o', ports(2));
  if (rng.chance(0.1)) argv.push('-k', 'eth0');
  if (rng.chance(0.1)) argv.push('-c', 'eth0');
  if (rng.chance(0.5)) argv.push('--redirect-dns');
  if (rng.chance(0.3)) argv.push('--capture-all-dns');
  if (rng.chance(0.3)) argv.push('--drop-invalid');
  argv.push('--native-nftables');
  const env: Record<string, string> = {};
  if (rng.chance(0.2)) env.ISTIO_OUTBOUND_OWNER_GROUPS_EXCLUDE = rng.pick(['888', '1000', '888,1000']);
  else if (rng.chance(0.1)) env.ISTIO_OUTBOUND_OWNER_GROUPS = rng.pick(['1000', '1337,1000']);
  if (rng.chance(0.1)) env.ISTIO_OUTBOUND_IPV4_LOOPBACK_CIDR = '127.0.0.1/8';
  // resolv.conf: one of the remote servers, sometimes a local one, sometimes both families.
  const resolvConf = rng.pick([[a.remotes[0]], [a.remotes[0], other.remotes[0]], family === 'ipv4' ? ['127.0.0.53'] : ['::1'], []]);
  return { argv, env, resolvConf };
}
