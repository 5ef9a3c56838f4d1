import { createContext, useContext } from 'react';
import type { RootStore } from './stores/RootStore.ts';

export const StoreContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  const s = useContext(StoreContext);
  if (!s) throw new Error('useStores outside <StoreContext.Provider>');
  return s;
}
