import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bindEngine } from './state/engineBinding.ts';
import { bindPersistence } from './state/persistence.ts';
import { createAppStore } from './state/store.ts';
import { App } from './ui/App.tsx';
import { StoreProvider } from './state/storeContext.tsx';
import './ui/app.css';

const store = createAppStore();
bindPersistence(store, {
  getHash: () => location.hash,
  replaceHash: (hash) => history.replaceState(null, '', hash),
  storage: (() => {
    try {
      return window.localStorage;
    } catch {
      return undefined; // storage disabled: links still work
    }
  })(),
});
// `?engineTimeoutMs=N` shortens the watchdog, so a test can prove a stuck engine is replaced.
const timeoutParam = Number(new URLSearchParams(location.search).get('engineTimeoutMs'));
bindEngine(store, { timeoutMs: timeoutParam > 0 ? timeoutParam : undefined });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
