import { parseAddr } from '../go/index.ts';
import type { ProxyConfig } from './proxyConfig.ts';

/**
 * The checks istiod's agent validation makes on a ProxyConfig (the ones a pod's
 * proxy.istio.io/config can get wrong), worded as istiod words them. Returns every problem found.
 */
export function validateProxyConfig(pc: ProxyConfig): string[] {
  const errors: string[] = [];
  if (!pc.configPath) errors.push('config path must be set');
  if (!pc.binaryPath) errors.push('binary path must be set');
  if ('serviceCluster' in pc && pc.serviceCluster === '' && !('tracingServiceName' in pc)) errors.push('service cluster must be specified');
  if (!pc.discoveryAddress) {
    errors.push('discovery address must be set to the proxy discovery service');
  } else {
    const e = proxyAddressError(String(pc.discoveryAddress));
    if (e) errors.push(`invalid discovery address: ${e}`);
  }
  if (pc.statsdUdpAddress) {
    const e = proxyAddressError(String(pc.statsdUdpAddress));
    if (e) errors.push(`invalid statsd udp address ${JSON.stringify(pc.statsdUdpAddress)}: ${e}`);
  }
  const adminPort = portError(Number(pc.proxyAdminPort ?? 0));
  if (adminPort) errors.push(`invalid proxy admin port: ${adminPort}`);
  const policy = pc.controlPlaneAuthPolicy ?? 'NONE';
  if (policy !== 'NONE' && policy !== 'MUTUAL_TLS') errors.push(`invalid authentication policy: unrecognized control plane auth policy ${JSON.stringify(policy)}`);
  const statusPort = portError(Number(pc.statusPort ?? 0));
  if (statusPort) errors.push(`invalid status port: ${statusPort}`);
  return errors;
}

function portError(port: number): string | undefined {
  return port >= 1 && port <= 65535 && Number.isInteger(port) ? undefined : `port number ${port} must be in the range 1..65535`;
}

/** host:port where host is a DNS name or an IP address and port a valid port. */
function proxyAddressError(address: string): string | undefined {
  const colon = address.lastIndexOf(':');
  if (colon <= 0) return `unable to split ${JSON.stringify(address)}: missing port in address`;
  let host = address.slice(0, colon);
  const port = address.slice(colon + 1);
  if (!/^\d+$/.test(port)) return `port (${port}) is not a number`;
  const pe = portError(Number(port));
  if (pe) return pe;
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  // net.ParseIP: netip's grammar without zones.
  const parsed = parseAddr(host);
  const ip = parsed.ok && parsed.value.zone === undefined;
  const dns = host.length <= 255 && host.split('.').every((l) => /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/i.test(l));
  return ip || dns ? undefined : `${JSON.stringify(host)} is not a valid hostname or IP address`;
}
