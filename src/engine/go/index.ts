// Go's semantics, once: what Go's standard library does to a value, with Go's error wording. Istio,
// Kubernetes and istio-cni are Go programs, so the engine reads and prints values as they do.
export { goTrimSpace } from './strings.ts';
export { parseGoBool, goBoolError, parseGoUint, parseGoUintBase0, goQuote, isGoPrint } from './strconv.ts';
export { shortestDigits, exponentForm, fixedForm, formatGoFloat, formatGoJsonFloat } from './float.ts';
export { goJsonString, compareGoMapKeys } from './json.ts';
export { SECOND, INT64_MAX, INT64_MIN, parseGoDuration, formatGoDuration, roundGoDuration, subSaturated, mulInt64 } from './duration.ts';
export { UTC, LONG_DAYS, LONG_MONTHS, loadLocation, goTimeFields, formatGoTime, goTimeString, parseGoTime, type GoLocation, type GoTime, type GoTimeFields } from './time.ts';
export { GoRegexpError, compileGoRegexp, mustCompileMessage, matchString, findAll, groupText, expand, replaceAll, split, quoteMeta, type GoRegexp, type GoMatch } from './regexp.ts';
export {
  parseAddr, parsePrefix, formatAddr, formatPrefix, maskPrefix, prefixContains, addrEqual, hostPrefix, isIPv4Mapped, isLoopback, isLinkLocal, unmap,
  type IpAddr, type IpPrefix, type Parsed,
} from './netip.ts';
export { flagLabel, convertFlagValue, parseFlags, type PflagType, type PflagDef, type FlagSetting, type ParsedArgs } from './pflag.ts';
