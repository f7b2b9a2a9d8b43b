import { lazy, Suspense, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import type { PanelId } from '../state/store.ts';
import { ClusterSettings } from './ClusterSettings.tsx';
import { Diagnostics } from './Diagnostics.tsx';
import { ExamplesMenu, ExampleStory } from './ExamplesMenu.tsx';
import { ShareMenu } from './ShareMenu.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { useOpenFile } from './useOpenFile.ts';
import { InputTabs } from './InputTabs.tsx';
import { InstallHint } from './InstallHint.tsx';
import { AdmissionPanel } from './panels/AdmissionPanel.tsx';
import { EnvPanel } from './panels/EnvPanel.tsx';
import { PodPanel } from './panels/PodPanel.tsx';
import { TrafficPanel } from './panels/TrafficPanel.tsx';
import { StatusBar } from './StatusBar.tsx';
import { EMPTY, useAppState } from '../state/storeContext.tsx';
import { WorkloadPicker } from './WorkloadPicker.tsx';

// Monaco is large: it streams in after the first paint so the panels are usable at once.
const YamlEditor = lazy(() => import('../editor/YamlEditor.tsx'));
// The cluster audit is its own chunk, loaded when it is opened.
const AuditView = lazy(() => import('./audit/AuditView.tsx'));

const PANELS: { id: PanelId; label: string; render: () => React.ReactNode }[] = [
  { id: 'admission', label: 'Admission', render: () => <AdmissionPanel /> },
  { id: 'pod', label: 'Patched pod', render: () => <PodPanel /> },
  { id: 'env', label: 'Environment', render: () => <EnvPanel /> },
  { id: 'traffic', label: 'Traffic', render: () => <TrafficPanel /> },
];

export function App() {
  const activePanel = useAppState((s) => s.activePanel);
  const setActivePanel = useAppState((s) => s.setActivePanel);
  const diagnostics = useAppState((s) => s.result?.diagnostics ?? EMPTY);
  const panel = PANELS.find((p) => p.id === activePanel) ?? PANELS[0];
  const [auditOpen, setAuditOpen] = useState(false);
  const [dropMessage, setDropMessage] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const narrow = useMediaQuery('(max-width: 900px)');
  const openFile = useOpenFile(setDropMessage);
  return (
    <div
      className={dragging ? 'app dragging' : 'app'}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={(e) => {
        const file = e.dataTransfer.files[0];
        setDragging(false);
        if (!file) return;
        e.preventDefault();
        void openFile(file);
      }}
    >
      {/* The editor keeps Tab for indentation (Ctrl+M releases it), so keyboard users get a way past it. */}
      <a className="skip-link" href="#results" onClick={(e) => { e.preventDefault(); document.getElementById('results')?.querySelector<HTMLElement>('[role=tab]')?.focus(); }}>
        Skip to results
      </a>
      <header className="topbar">
        <h1>
          meshsim <span className="tagline">Istio sidecar injection and traffic capture, simulated in your browser</span>
        </h1>
        <ClusterSettings />
        <ExamplesMenu />
        <button type="button" className="button" onClick={() => setAuditOpen(true)} title="Audit every pod of a cluster dump">
          Audit
        </button>
        <ShareMenu />
      </header>
      <ExampleStory />
      {dropMessage ? (
        <p className="drop-message" role="status">
          {dropMessage}{' '}
          <button className="link" onClick={() => setDropMessage(undefined)} aria-label="Dismiss">
            ×
          </button>
        </p>
      ) : null}
      {/* Side by side from a laptop to a projector; stacked on a narrow screen. */}
      <Group orientation={narrow ? 'vertical' : 'horizontal'} className="main" key={narrow ? 'stacked' : 'side-by-side'}>
        <Panel defaultSize="46" minSize="20" className="pane">
          <InputTabs />
          <InstallHint />
          <Suspense fallback={<div className="editor-host loading">Loading editor…</div>}>
            <YamlEditor />
          </Suspense>
        </Panel>
        <Separator className="separator" />
        <Panel minSize="25" className="pane">
          <div className="tabs" role="tablist" aria-label="Results" id="results">
            {PANELS.map((p) => (
              <button key={p.id} role="tab" aria-selected={p.id === activePanel} className={p.id === activePanel ? 'tab active' : 'tab'} onClick={() => setActivePanel(p.id)}>
                {p.label}
              </button>
            ))}
            <WorkloadPicker />
          </div>
          <div className="panel-body" role="tabpanel" aria-label={panel.label}>
            {panel.render()}
            <Diagnostics items={diagnostics} />
          </div>
        </Panel>
      </Group>
      <StatusBar />
      {auditOpen && (
        <Suspense fallback={null}>
          <AuditView onClose={() => setAuditOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
