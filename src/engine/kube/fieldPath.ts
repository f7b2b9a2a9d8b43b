/**
 * A field's path as the API server writes it in its messages: keys joined by dots, list indexes
 * in brackets — `spec.containers[0].image`.
 */
export const fieldPath = (path: readonly (string | number)[]): string =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');
