import { createContext, useContext } from 'react';
import type { RendererServices } from '../contracts/services.ts';

export const RendererContext = createContext<RendererServices | null>(null);

/** For panels that also render outside a screen (load failures): texts fall back to English. */
export function useServicesOptional(): RendererServices | null {
  return useContext(RendererContext);
}

export function useServices(): RendererServices {
  const s = useContext(RendererContext);
  if (!s) throw new Error('Renderer used outside <RendererContext.Provider>');
  return s;
}
