import { lazy, Suspense, useEffect, useState } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { ClusterSettings } from './ClusterSettings.tsx';
import { ExamplesMenu, ExampleStory } from './ExamplesMenu.tsx';
import { ShareMenu } from './ShareMenu.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { useOpenFile } from './useOpenFile.ts';
import { InputTabs } from './InputTabs.tsx';
import { tabId, tabPanelId } from './tabs/TabList.tsx';
import { useAppState } from '../state/storeContext.tsx';
import { InstallHint } from './InstallHint.tsx';
import { ResultsPane } from './ResultsPane.tsx';
import { StatusBar } from './StatusBar.tsx';

// Monaco is large: it streams in after the first paint so the panels are usable at once.
const YamlEditor = lazy(() => import('../editor/YamlEditor.tsx'));
// The cluster audit is its own chunk, loaded when it is opened.
const AuditView = lazy(() => import('./audit/AuditView.tsx'));

export function App() {
  const [auditOpen, setAuditOpen] = useState(false);
  const [dropMessage, setDropMessage] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const narrow = useMediaQuery('(max-width: 900px)');
  // A phone: the results take the screen and the editor starts folded away.
  const phone = useMediaQuery('(max-width: 640px)');
  const editor = usePanelRef();
  const [editorCollapsed, setEditorCollapsed] = useState(phone);
  const [menuOpen, setMenuOpen] = useState(false);
  const activeInput = useAppState((s) => s.activeInput);
  useEffect(() => {
    if (phone) editor.current?.collapse();
  }, [phone, editor]);
  const showEditor = () => {
    // Back to a useful size (expand() alone would restore the folded-away 0 on a phone).
    editor.current?.resize(phone ? '55' : '46');
    setEditorCollapsed(false);
  };
  const hideEditor = () => {
    editor.current?.collapse();
    setEditorCollapsed(true);
  };
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
      <a className="skip-link" href="#results" onClick={(e) => { e.preventDefault(); document.querySelector<HTMLElement>('#results [role=tab][aria-selected=true]')?.focus(); }}>
        Skip to results
      </a>
      <header className="topbar">
        <h1>
          meshsim <span className="tagline">Istio sidecar injection and traffic capture, simulated in your browser</span>
        </h1>
        {phone ? (
          <button type="button" className="button menu-toggle" aria-expanded={menuOpen} aria-controls="topbar-tools" onClick={() => setMenuOpen((o) => !o)}>
            {menuOpen ? 'Close menu' : 'Menu'}
          </button>
        ) : null}
        {/* On a phone the settings, examples, audit and sharing fold into a menu; elsewhere they sit in the bar. */}
        <div id="topbar-tools" className="topbar-tools" hidden={phone && !menuOpen}>
          <ClusterSettings />
          <ExamplesMenu />
          <button type="button" className="button" onClick={() => setAuditOpen(true)} title="Audit every pod of a cluster dump">
            Audit
          </button>
          <ShareMenu />
        </div>
      </header>
      <ExampleStory folded={phone} />
      {dropMessage ? (
        <p className="drop-message" role="status">
          {dropMessage}{' '}
          <button className="link" onClick={() => setDropMessage(undefined)} aria-label="Dismiss">
            ×
          </button>
        </p>
      ) : null}
      {/* Side by side from a laptop to a projector; stacked on a narrow screen; on a phone the editor folds away. */}
      <Group orientation={narrow ? 'vertical' : 'horizontal'} className="main" key={narrow ? 'stacked' : 'side-by-side'}>
        <Panel
          id="editor-pane"
          panelRef={editor}
          defaultSize={phone ? '0' : narrow ? '42' : '46'}
          minSize="20"
          collapsible
          collapsedSize="0"
          onResize={(size) => setEditorCollapsed(size.asPercentage === 0)}
          className="pane editor-pane"
        >
          {/* Folded away, the editor is inert: no Tab stop may land in something the user cannot see. */}
          <div className="editor-pane-body" inert={editorCollapsed}>
          <div className="input-bar">
            <InputTabs />
            <button type="button" className="button small fold" onClick={hideEditor} aria-label="Hide editor" title="Fold the editor away so the results take the screen">
              Hide
            </button>
          </div>
          <div className="editor-panel" role="tabpanel" id={tabPanelId('inputs', activeInput)} aria-labelledby={tabId('inputs', activeInput)}>
            <InstallHint />
            <Suspense fallback={<div className="editor-host loading">Loading editor…</div>}>
              <YamlEditor />
            </Suspense>
          </div>
          </div>
        </Panel>
        <Separator className="separator" />
        <Panel id="results-pane" minSize="25" className="pane">
          <ResultsPane
            before={
              editorCollapsed ? (
                <button type="button" className="button small fold" onClick={showEditor} title="Show the YAML editor again">
                  Show editor
                </button>
              ) : null
            }
          />
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
