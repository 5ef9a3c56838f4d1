import { createContext, useContext } from 'react';
import type { DialogApi } from '../contracts/dialogs.ts';

export const DialogContext = createContext<DialogApi | null>(null);

/** The nearest dialog host; null outside every screen (a bare component in a story or test). */
export function useDialogs(): DialogApi | null {
  return useContext(DialogContext);
}
