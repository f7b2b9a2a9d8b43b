/**
 * Keys of Kubernetes objects come from user input, and `obj[key] = v` with key "__proto__" would
 * change the object's prototype instead of adding a key. Every assignment of a user-controlled key
 * goes through here.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  // On a plain object only "__proto__" is an accessor; every other key assigns an own data property.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

export const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);
