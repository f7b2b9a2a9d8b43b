import { describe, expect, it } from 'vitest';
import { parseAllDocuments, type Document } from 'yaml';
import { copyAlongPath } from './copyAlongPath.ts';

type Edit = { path: (string | number)[]; set?: unknown; remove?: true };

const TEXT = `# a Deployment as users write it
apiVersion: apps/v1
kind: Deployment
metadata:
  name: reviews   # the name
  labels: {app: reviews, "1": one}
spec:
  template:
    metadata:
      labels:
        app: reviews
    spec:
      containers:
      - name: app
        image: reviews:1   # pinned
        ports: [{containerPort: 9080}]
      - name: sidecar
        args: ["--a", "--b"]
`;

const EDITS: Edit[][] = [
  [{ path: ['spec', 'template', 'metadata', 'labels', 'sidecar.istio.io/inject'], set: 'false' }],
  [{ path: ['spec', 'template', 'metadata', 'labels', 'app'], set: 'ratings' }],
  [{ path: ['metadata', 'labels', 'app'], remove: true }],
  [{ path: ['metadata', 'labels', '1'], set: 2 }],
  [{ path: ['spec', 'template', 'spec', 'containers', 0, 'image'], set: 'reviews:2' }],
  [{ path: ['spec', 'template', 'spec', 'containers', '1', 'args', 1], set: '--c' }],
  [{ path: ['spec', 'template', 'spec', 'containers', 1], remove: true }],
  [{ path: ['spec', 'template', 'metadata', 'annotations', 'a/b'], set: { x: [1, 2] } }],
  [{ path: ['metadata', 'name'], set: { nested: true } }],
  [{ path: ['kind', 'x'], set: 'through a scalar' }],
  [
    { path: ['metadata', 'labels', 'team'], set: 'shop' },
    { path: ['spec', 'template', 'metadata', 'labels', 'app'], remove: true },
    { path: ['metadata', 'labels', 'team'], set: 'books' },
  ],
];

function apply(doc: Document.Parsed, edits: Edit[]): string {
  try {
    for (const e of edits) {
      if (e.remove) doc.deleteIn(e.path);
      else doc.setIn(e.path, e.set);
    }
  } catch (err) {
    return `throws: ${(err as Error).message}`;
  }
  return doc.toString({ flowCollectionPadding: false });
}

describe('copyAlongPath', () => {
  it.each(EDITS.map((edits) => [JSON.stringify(edits), edits] as const))('prints what a whole clone prints after %s, and leaves the original as it was', (_, edits) => {
    const [original] = parseAllDocuments(TEXT) as Document.Parsed[];
    const before = original.toString();
    let copy: Document.Parsed | undefined;
    for (const e of edits) copy = copyAlongPath(original, e.path, copy);
    expect(apply(copy!, edits)).toBe(apply(original.clone() as Document.Parsed, edits));
    expect(original.toString()).toBe(before);
  });
});
