import { Suspense, useLayoutEffect, useMemo, useRef } from 'react';
import { shownInHeldNotices } from '../state/heldText.ts';
import { EMPTY, useAppState } from '../state/storeContext.tsx';
import { Diagnostics } from './Diagnostics.tsx';
import { RESULT_PANELS, resultPanel } from './panels/registry.ts';
import { TabList, tabId, tabPanelId } from './tabs/TabList.tsx';
import { WorkloadPicker } from './WorkloadPicker.tsx';

/** How many frames a panel that is still loading gets to grow tall enough for its old scroll position. */
const RESTORE_FRAMES = 30;

/**
 * The result side: the panels' tabs (from the registry), the workload picker, and the open panel.
 * Each panel keeps its own scroll position: leaving a tab remembers where it was, coming back
 * scrolls there again (waiting a few frames for a panel whose content is still loading).
 */
export function ResultsPane({ before }: { before?: React.ReactNode }) {
  const activePanel = useAppState((s) => s.activePanel);
  const setActivePanel = useAppState((s) => s.setActivePanel);
  const all = useAppState((s) => s.result?.diagnostics ?? EMPTY);
  const texts = useAppState((s) => s.texts);
  // A held tab's errors are said in its notice, in the editor's place: not a second time here.
  const diagnostics = useMemo(() => {
    const held = shownInHeldNotices(texts, all);
    return held.size ? all.filter((d) => !held.has(d)) : all;
  }, [texts, all]);
  const panel = resultPanel(activePanel);
  // The engine answers the first verdict before its injection code has loaded (result.pending).
  const waiting = useAppState((s) => panel.sections.some((x) => s.result?.pending?.includes(x)));
  const body = useRef<HTMLDivElement>(null);
  const positions = useRef(new Map<string, number>());
  const restoring = useRef(false);

  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const target = positions.current.get(panel.id) ?? 0;
    restoring.current = true;
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      el.scrollTop = target;
      if (Math.abs(el.scrollTop - target) <= 1 || ++frames > RESTORE_FRAMES) restoring.current = false;
      else handle = requestAnimationFrame(attempt);
    };
    attempt();
    // The user scrolling takes over from the restore.
    const stop = () => {
      cancelAnimationFrame(handle);
      restoring.current = false;
    };
    el.addEventListener('wheel', stop, { passive: true });
    el.addEventListener('touchstart', stop, { passive: true });
    el.addEventListener('keydown', stop);
    return () => {
      stop();
      el.removeEventListener('wheel', stop);
      el.removeEventListener('touchstart', stop);
      el.removeEventListener('keydown', stop);
    };
  }, [panel.id]);

  return (
    <>
      <div className="results-bar" id="results">
        {before}
        <TabList group="results" label="Results" items={RESULT_PANELS} selected={panel.id} onSelect={setActivePanel} className="tabs results-tabs" />
        <WorkloadPicker />
      </div>
      <div
        ref={body}
        className="panel-body"
        id={tabPanelId('results', panel.id)}
        role="tabpanel"
        aria-labelledby={tabId('results', panel.id)}
        aria-label={panel.label}
        tabIndex={-1}
        onScroll={(e) => {
          if (!restoring.current) positions.current.set(panel.id, e.currentTarget.scrollTop);
        }}
      >
        <Suspense fallback={<p className="muted">Loading {panel.label}…</p>}>
          {waiting ? <p className="muted" role="status">Loading the engine for {panel.label}…</p> : <panel.Component />}
        </Suspense>
        <Diagnostics items={diagnostics} />
      </div>
    </>
  );
}
