/**
 * The mapping key written just before column `valueColumn` of a line (`key: value`, quoted keys
 * and flow maps included), as 1-based columns, or undefined when the value has no key there.
 */
export function keyBefore(line: string, valueColumn: number): { start: number; end: number } | undefined {
  const m = /(["']?)([^\s"':{},[\]]+)\1\s*:\s*$/.exec(line.slice(0, valueColumn - 1));
  if (!m) return undefined;
  return { start: m.index + 1, end: m.index + m[0].replace(/\s*:\s*$/, '').length + 1 };
}
