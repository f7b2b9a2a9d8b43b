/**
 * The packet form's address check, on the main thread (the UI reaches the engine only through the
 * worker): an IPv4 dotted quad without leading zeros, as Go's netip reads it, or an IPv6 address
 * read by the browser's own URL parser, of the family being traced. The engine checks again.
 */
export function addressProblem(text: string, family: 'ipv4' | 'ipv6'): string | undefined {
  const t = text.trim();
  if (t === '') return 'Enter an address.';
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(t);
  const v6 = !v4 && t.includes(':') && /^[0-9a-fA-F:.]+$/.test(t) && isIPv6(t);
  if (!v4 && !v6) return `"${t}" is not an IP address.`;
  if (family === 'ipv4' && !v4) return 'This trace is IPv4: enter an IPv4 address (or switch to IPv6).';
  if (family === 'ipv6' && !v6) return 'This trace is IPv6: enter an IPv6 address (or switch to IPv4).';
  return undefined;
}

function isIPv6(t: string): boolean {
  try {
    return new URL(`http://[${t}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

export function portProblem(text: string): string | undefined {
  const t = text.trim();
  return /^\d{1,5}$/.test(t) && Number(t) <= 65535 ? undefined : 'A port is a number from 0 to 65535.';
}
