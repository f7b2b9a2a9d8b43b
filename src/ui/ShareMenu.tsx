import { useRef, useState } from 'react';
import { markdownReport } from '../state/markdownReport.ts';
import { snapshot } from '../state/persistence.ts';
import { encodeHash, LONG_LINK } from '../state/urlState.ts';
import { useAppState, useAppStore } from '../state/storeContext.tsx';
import type { AppStore } from '../state/store.ts';
import type { ScenarioResult } from '../worker/protocol.ts';
import { useOpenFile } from './useOpenFile.ts';
import { download } from '../editor/download.ts';


/** Whether a result has every section the report writes: the later stages in (no `pending`) and the Traffic section computed. */
const whole = (r: ScenarioResult | undefined): r is ScenarioResult => Boolean(r && !r.pending?.length && !r.deferred?.includes('traffic'));

/**
 * The result the report is written from: the one there if it is whole, or the next whole one once the
 * engine is asked for the Traffic section (which it computes only once something shows it) and its
 * later stages are in; undefined if the engine fails instead.
 */
function wholeResult(store: AppStore): Promise<ScenarioResult | undefined> {
  const now = store.getState().result;
  if (whole(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = store.subscribe((s, prev) => {
      if (s.result !== prev.result && whole(s.result)) {
        stop();
        resolve(s.result);
      } else if (s.engineNotice && !s.running && s.result === prev.result) {
        // The engine failed or timed out on the analysis that was to bring it (engineBinding.ts).
        stop();
        resolve(undefined);
      }
    });
    store.getState().showTraffic();
  });
}

/** Share and keep: permalink, Markdown report, scenario file, open a file, reset. */
export function ShareMenu() {
  const store = useAppStore();
  const result = useAppState((s) => s.result);
  const exampleId = useAppState((s) => s.exampleId);
  const [message, setMessage] = useState<{ text: string; offerFile?: boolean } | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const openFile = useOpenFile((text) => setMessage({ text }));

  const say = (text: string, offerFile = false) => {
    setMessage({ text, offerFile });
    if (!offerFile) setTimeout(() => setMessage((m) => (m?.text === text ? undefined : m)), 4000);
  };
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      say(`Could not copy the ${what}: the browser refused access to the clipboard.`);
      return false;
    }
  };
  /** The link for the state as it is now (the address bar catches up only after a short pause). */
  const currentLink = () => `${location.origin}${location.pathname}${location.search}${encodeHash(snapshot(store.getState()))}`;
  const copyLink = async () => {
    const link = currentLink();
    if (!(await copy(link, 'link'))) return;
    if (link.length > LONG_LINK) say(`Link copied, but it is ${link.length.toLocaleString()} characters long: many chat tools cut links past ${LONG_LINK.toLocaleString()}. Share the scenario as a file instead?`, true);
    else say('Link copied: it opens exactly this scenario, in any browser.');
  };
  const downloadScenario = async () => {
    const s = store.getState();
    // The YAML writer loads with the first download, not with the page.
    const { scenarioToFile } = await import('../state/scenarioFile.ts');
    download(scenarioToFile({ ...snapshot(s), texts: s.texts }), 'meshsim-scenario.yaml');
  };
  const copyMarkdown = async () => {
    if (!result) return;
    const link = currentLink();
    // A report copied before the first analysis is whole would leave sections out without saying so.
    const full = wholeResult(store);
    const report = full.then((r) => (r ? markdownReport(store.getState().texts, r, link.length <= LONG_LINK ? link : undefined) : undefined));
    const refused = () => say('Could not write the report: the engine did not answer with the whole analysis (the traffic capture included). Edit the text to try again.');
    const copied = () => say('Report copied as Markdown: paste it into an issue or a chat.');
    if (!whole(result) && typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      // Handed to the clipboard at once, as a promise: a browser that allows a write only during the
      // click (Safari) would refuse one made after waiting for the engine.
      let missing = false;
      const blob = report.then((text) => {
        if (text === undefined) {
          missing = true;
          throw new Error('no traffic');
        }
        return new Blob([text], { type: 'text/plain' });
      });
      blob.catch(() => undefined); // said below, once, whichever way the write ends
      try {
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
        return copied();
      } catch {
        if (missing) return refused();
        // Some browsers take no promise in a ClipboardItem: write the text once it is there.
      }
    }
    const text = await report;
    if (text === undefined) return refused();
    if (await copy(text, 'report')) copied();
  };
  const reset = () => store.getState().loadExample(exampleId ?? 'default');

  return (
    <div className="share-menu">
      <button className="button" onClick={copyLink} title="Copy a link that reproduces this scenario (nothing is uploaded: the scenario is in the link itself)">
        Copy link
      </button>
      <button className="button" onClick={copyMarkdown} disabled={!result} title="Copy a report for a GitHub issue or a chat thread">
        Copy as Markdown
      </button>
      <button className="button" onClick={downloadScenario} title="Download the scenario as a file">
        Save file
      </button>
      <button className="button" onClick={() => fileInput.current?.click()} title="Open a scenario file or any Kubernetes YAML (or drop it on the page)">
        Open…
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".yaml,.yml,.json,.txt"
        hidden
        aria-label="Open a scenario file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void openFile(f);
          e.target.value = '';
        }}
      />
      <button className="button" onClick={reset} title="Put back the example's inputs (Undo brings your text back)">
        Reset to example
      </button>
      {message ? (
        <div className="share-message" role="status">
          {message.text}{' '}
          {message.offerFile ? (
            <button className="button" onClick={downloadScenario}>
              Save file
            </button>
          ) : null}
          <button className="link" onClick={() => setMessage(undefined)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
