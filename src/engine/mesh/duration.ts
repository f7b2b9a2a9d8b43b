/**
 * google.protobuf.Duration as meshsim carries it: whole seconds plus nanoseconds. Mesh YAML writes
 * durations the proto-JSON way ("23s", "1.5s"); templates print them the Go way ("23s", "1m30s").
 */
import { formatGoDuration, parseGoDuration, SECOND as GO_SECOND } from '../go/index.ts';

export interface Duration {
  seconds: number;
  nanos: number;
}

/**
 * Parses "23s", "1.500s" (proto JSON) and Go forms such as "1m30s" or "250ms" with Go's
 * time.ParseDuration (surrounding blanks ignored); undefined when invalid.
 */
export function parseDuration(text: string): Duration | undefined {
  const nanos = parseGoDuration(text.trim());
  if (typeof nanos !== 'bigint') return undefined;
  const seconds = nanos / GO_SECOND;
  return { seconds: Number(seconds), nanos: Number(nanos - seconds * GO_SECOND) };
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
