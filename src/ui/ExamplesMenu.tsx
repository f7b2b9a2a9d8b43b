import { examples } from '../state/defaultScenario.ts';
import { useAppState } from '../state/storeContext.tsx';

/** Scenarios drawn from the confusions users really report; picking one loads its inputs. */
export function ExamplesMenu() {
  const exampleId = useAppState((s) => s.exampleId);
  const load = useAppState((s) => s.loadExample);
  return (
    <label className="examples-menu">
      Example{' '}
      <select aria-label="Example scenario" value={exampleId ?? ''} onChange={(e) => e.target.value && load(e.target.value)}>
        <option value="">(your own scenario)</option>
        {examples.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The loaded example's story and what to look at, until the user makes the scenario their own.
 * `folded` (on a phone): only the title shows until it is opened.
 */
export function ExampleStory({ folded = false }: { folded?: boolean }) {
  const exampleId = useAppState((s) => s.exampleId);
  const ex = examples.find((e) => e.id === exampleId);
  if (!ex) return null;
  const story = (
    <>
      {ex.story} <span className="muted">Look at: {ex.lookAt}</span>
    </>
  );
  if (folded) {
    return (
      <details className="example-story" data-testid="example-story">
        <summary>
          <strong>{ex.title}</strong>
        </summary>
        {story}
      </details>
    );
  }
  return (
    <p className="example-story" data-testid="example-story">
      <strong>{ex.title}.</strong> {story}
    </p>
  );
}
