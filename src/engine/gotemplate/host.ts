/**
 * A convenient way for host code to build `HostObject`s: Go structs/pointers whose fields are read by
 * name and whose methods are callable from templates (`.ProxyConfig.GetHoldApplicationUntilProxyStarts.GetValue`,
 * `.InterceptionMode.String`). The evaluator only knows the `HostObject` interface in values.ts; this
 * helper is one way to satisfy it.
 */
import { NO_FIELD, type GoFunc, type GoValue, type HostObject } from './values.ts';

export interface HostObjectSpec {
  /** Go type name, e.g. `*v1alpha1.ProxyConfig` (a leading `*` marks a pointer). */
  goType: string;
  /** Exported fields; a getter is called on each read, so values can be computed lazily. */
  fields?: Record<string, GoValue | (() => GoValue)>;
  /** Methods, receiver already bound. Keep them nil-safe if `nil` is set, as protobuf getters are. */
  methods?: Record<string, GoFunc>;
  /** A nil pointer of this type: fields fail with Go's nil-pointer error, methods still run. */
  nil?: boolean;
  /** How `%v` prints it (for enums: the name; for Stringers: String()). */
  format?: () => string;
  /** The basic value a named type stands for (an enum's number, a named string). */
  underlying?: () => GoValue;
  /** What encoding/json would produce, as plain model values. */
  json?: () => GoValue;
}

const own = (o: object | undefined, k: string) => o !== undefined && Object.prototype.hasOwnProperty.call(o, k);

export function hostObject(spec: HostObjectSpec): HostObject {
  const { fields, methods } = spec;
  const obj: HostObject = {
    kind: 'host',
    goType: spec.goType,
    isNil: spec.nil ?? false,
    field(name) {
      if (!own(fields, name)) return NO_FIELD;
      const f = fields![name];
      return typeof f === 'function' ? f() : f;
    },
    method(name) {
      return own(methods, name) ? methods![name] : undefined;
    },
  };
  if (spec.format) obj.format = spec.format;
  if (spec.underlying) obj.underlying = spec.underlying;
  if (spec.json) obj.json = spec.json;
  return obj;
}
