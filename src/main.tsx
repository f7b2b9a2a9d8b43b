import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bindEngine } from './state/engineBinding.ts';
import { createAppStore } from './state/store.ts';
import { App } from './ui/App.tsx';
import { StoreProvider } from './ui/storeContext.tsx';
import './ui/app.css';

const store = createAppStore();
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
