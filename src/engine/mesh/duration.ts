/**
 * google.protobuf.Duration as meshsim carries it: whole seconds plus nanoseconds. Mesh YAML writes
 * durations the proto-JSON way ("23s", "1.5s"); templates print them the Go way ("23s", "1m30s").
 */
import { formatGoDuration, SECOND as GO_SECOND } from '../gotemplate/index.ts';

export interface Duration {
  seconds: number;
  nanos: number;
}

const UNIT_NANOS: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** Parses "23s", "1.500s" (proto JSON) and Go forms such as "1m30s" or "250ms"; undefined when invalid. */
export function parseDuration(text: string): Duration | undefined {
  const s = text.trim();
  if (!s) return undefined;
  const sign = s.startsWith('-') ? -1 : 1;
  let rest = s.replace(/^[-+]/, '');
  if (rest === '0') return { seconds: 0, nanos: 0 };
  let total = 0;
  let parts = 0;
  while (rest.length && parts < 16) {
    const m = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/.exec(rest);
    if (!m) return undefined;
    total += parseFloat(m[1]) * UNIT_NANOS[m[2]];
    rest = rest.slice(m[0].length);
    parts++;
  }
  if (rest.length) return undefined;
  total = Math.round(total) * sign;
  const seconds = Math.trunc(total / 1e9);
  return { seconds, nanos: Math.round(total - seconds * 1e9) };
}

/** proto-JSON text of a duration: "23s", "1.500s" (fraction in 3, 6 or 9 digits, as protojson prints it). */
export function durationToProtoJSON(d: Duration): string {
  const neg = d.seconds < 0 || d.nanos < 0;
  const secs = Math.abs(d.seconds);
  const nanos = Math.abs(d.nanos);
  let frac = '';
  if (nanos) {
    frac = String(nanos).padStart(9, '0');
    if (frac.endsWith('000000')) frac = frac.slice(0, 3);
    else if (frac.endsWith('000')) frac = frac.slice(0, 6);
    frac = '.' + frac;
  }
  return `${neg ? '-' : ''}${secs}${frac}s`;
}

/** Go's time.Duration.String(): "23s", "1m30s", "1h0m0s", "1.5s", "250ms", "0s" (exact, as int64 nanoseconds). */
export function durationToGoString(d: Duration): string {
  return formatGoDuration(BigInt(d.seconds) * GO_SECOND + BigInt(d.nanos));
}
