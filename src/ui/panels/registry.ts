import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScenarioSections } from '../../worker/protocol.ts';

/**
 * The result panels, in tab order. A panel is its own file (default export: a component that
 * reads what it needs from the store) plus one line here; nothing else in the app names it. The
 * id is what permalinks and the autosave keep, so never rename one that has shipped.
 */
export const RESULT_PANELS: readonly ResultPanel[] = [
  panel('admission', 'Admission', () => import('./AdmissionPanel.tsx')),
  panel('ambient', 'Ambient', () => import('./AmbientPanel.tsx'), ['ambient']),
  panel('pod', 'Patched pod', () => import('./PodPanel.tsx'), ['injection']),
  panel('env', 'Environment', () => import('./EnvPanel.tsx'), ['injection']),
  panel('traffic', 'Traffic', () => import('./TrafficPanel.tsx'), ['traffic']),
  panel('upgrade', 'Upgrade', () => import('../audit/UpgradePanel.tsx'), ['upgrade']),
];

export interface ResultPanel {
  /** Stable id, kept in links (`panel` in the saved scenario). */
  id: string;
  /** The tab's label, and the panel's accessible name. */
  label: string;
  Component: LazyExoticComponent<ComponentType>;
  /** The result sections it shows: while the engine still loads one (`result.pending`), the panel waits. */
  sections: readonly (keyof ScenarioSections)[];
  /** Starts loading the panel's code (e.g. when its tab is hovered or it is about to open). */
  preload(): Promise<unknown>;
}

function panel(id: string, label: string, load: () => Promise<{ default: ComponentType }>, sections: readonly (keyof ScenarioSections)[] = []): ResultPanel {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return { id, label, Component: lazy(once), preload: once, sections };
}

/** The panel with this id, or the first one (an unknown id from an old link falls back). */
export function resultPanel(id: string | undefined): ResultPanel {
  return RESULT_PANELS.find((p) => p.id === id) ?? RESULT_PANELS[0];
}
