import type { ReactNode } from 'react';

/** Off screen but read by assistive technology (the usual clip pattern). */
const HIDDEN = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * The label of an input whose visible label is elsewhere (a table's column header): a screen reader
 * names the input by it, and the column header stays the only text a sighted person sees.
 */
export function HiddenLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} style={HIDDEN}>
      {children}
    </label>
  );
}
