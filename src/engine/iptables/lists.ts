/**
 * The list helpers istio-iptables applies to its comma-separated settings. Their quirks show up in the
 * rule text byte for byte: no trimming (" 5000" stays " 5000"), empty items dropped, order and
 * duplicates kept, CIDRs canonicalised by Go's netip but never masked.
 */
import { formatPrefix, isLoopback, parsePrefix } from '../go/index.ts';

/** Upper bound on list items, so hostile input cannot make the generator loop for long. */
export const MAX_LIST_ITEMS = 4096;

export function splitList(s: string): string[] {
  if (s === '') return [];
  return s.split(',').filter((item) => item !== '').slice(0, MAX_LIST_ITEMS);
}

export interface NetworkRange {
  isWildcard: boolean;
  /** Canonical text of each prefix, in input order. */
  cidrs: string[];
  hasLoopback: boolean;
}

export interface SeparatedRanges {
  v4: NetworkRange;
  v6: NetworkRange;
  /** The first prefix that did not parse (istio-iptables stops with this error). */
  error?: string;
}

const emptyRange = (): NetworkRange => ({ isWildcard: false, cidrs: [], hasLoopback: false });

/**
 * Splits a CIDR list into its IPv4 and IPv6 parts; "*" means every address of both families.
 * `skipBad` (istio-iptables before 1.27): an entry that does not parse is left out, each with its
 * error in `skipped`, instead of stopping the program.
 */
export function separateV4V6(list: string, skipBad = false): SeparatedRanges & { skipped?: string[] } {
  if (list === '*') {
    return { v4: { isWildcard: true, cidrs: [], hasLoopback: false }, v6: { isWildcard: true, cidrs: [], hasLoopback: false } };
  }
  const v4 = emptyRange();
  const v6 = emptyRange();
  let skipped: string[] | undefined;
  for (const item of splitList(list)) {
    const p = parsePrefix(item);
    if (!p.ok && skipBad) {
      (skipped ??= []).push(p.error);
      continue;
    }
    if (!p.ok) return { v4, v6, error: p.error };
    const range = p.value.addr.family === 4 ? v4 : v6;
    range.cidrs.push(formatPrefix(p.value));
    if (isLoopback(p.value.addr)) range.hasLoopback = true;
  }
  return skipped ? { v4, v6, skipped } : { v4, v6 };
}

export interface OwnerGroupFilter {
  /** true: every group except `values`; false: only `values`. */
  except: boolean;
  values: string[];
}

/** Include "*" means "all groups except the exclude list"; anything else means "only the include list". */
export function ownerGroupFilter(include: string, exclude: string): OwnerGroupFilter {
  if (include === '*') return { except: true, values: splitList(exclude) };
  return { except: false, values: splitList(include) };
}
