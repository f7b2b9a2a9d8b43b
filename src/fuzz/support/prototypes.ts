/**
 * The names JavaScript objects answer to without holding them, and a snapshot of the prototypes
 * that hold them, for tests that prove no template reaches or changes them. The names are read
 * from the running engine (every own property of the built-in prototypes a value can have), so
 * the tests cover whatever this JavaScript engine adds, not a list someone remembered.
 */
const PROTOTYPES = {
  Object: Object.prototype,
  Function: Function.prototype,
  Array: Array.prototype,
  String: String.prototype,
  Number: Number.prototype,
  Boolean: Boolean.prototype,
  BigInt: BigInt.prototype,
  Map: Map.prototype,
  Set: Set.prototype,
  RegExp: RegExp.prototype,
  Error: Error.prototype,
};

/** Every inherited property name that a template could write as a field or a key. */
export const inheritedNames: readonly string[] = [
  ...new Set(Object.values(PROTOTYPES).flatMap((p) => Object.getOwnPropertyNames(p))),
].filter((n) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(n));

/** Every own property of the built-in prototypes, with its descriptor, to compare before and after. */
export function prototypeSnapshot(): string {
  return JSON.stringify(Object.entries(PROTOTYPES).map(([name, p]) => [
    name,
    String(Object.getPrototypeOf(p) === null ? null : Object.getPrototypeOf(p)?.constructor?.name),
    Reflect.ownKeys(p).map((k) => {
      const d = Object.getOwnPropertyDescriptor(p, k)!;
      const value = typeof d.value === 'function' ? `fn ${(d.value as { name: string }).name}` : typeof d.value === 'object' ? typeof d.value : d.value;
      return [String(k), value, d.get ? 'get' : '', d.set ? 'set' : '', d.writable, d.enumerable, d.configurable];
    }),
  ]));
}
