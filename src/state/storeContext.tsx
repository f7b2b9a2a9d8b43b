import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './store.ts';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore outside StoreProvider');
  return store;
}

/** Reads a slice of the app state and re-renders when it changes. */
export function useAppState<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/** Stable empty values for selectors: a fresh [] per call would re-render forever. */
export const EMPTY: readonly never[] = Object.freeze([]);
