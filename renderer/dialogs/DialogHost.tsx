import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { DialogContext, useDialogs } from './dialog-api.ts';
import type { ConfirmSpec, DialogApi, DialogSpec } from '../contracts/dialogs.ts';

/** An open dialog: what to show and how to settle the promise `open`/`confirm` returned. */
export type OpenDialog = { id: number; settle(result: unknown): void } & ({ kind: 'content'; spec: DialogSpec<unknown> } | { kind: 'confirm'; spec: ConfirmSpec });

// antd's Modal is not part of the first paint: the layer drawing dialogs loads when one opens.
const DialogLayer = lazy(() => import('./DialogLayer.tsx'));

/**
 * Owns the dialogs of a screen as React state and draws them inside the screen's tree, so they
 * inherit the ConfigProvider (locale, theme) and the renderer context. A host below another one
 * (a screen opened in a dialog) hands its children the outer host: one stack per tab.
 */
export function DialogHost({ children }: { children: ReactNode }) {
  const outer = useDialogs();
  if (outer) return <>{children}</>;
  return <OwnDialogHost>{children}</OwnDialogHost>;
}

function OwnDialogHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog[]>([]);
  const seq = useRef(0);
  const api = useMemo<DialogApi>(() => {
    const push = (d: Omit<OpenDialog, 'id' | 'settle'>) =>
      new Promise<unknown>((resolve) => {
        const id = ++seq.current;
        const settle = (result: unknown) => {
          setOpen((all) => all.filter((x) => x.id !== id));
          resolve(result);
        };
        setOpen((all) => [...all, { ...d, id, settle } as OpenDialog]);
      });
    return {
      open: <T,>(spec: DialogSpec<T>) => push({ kind: 'content', spec: spec as DialogSpec<unknown> }) as Promise<T | undefined>,
      confirm: (spec: ConfirmSpec) => push({ kind: 'confirm', spec }).then((r) => r === true),
    };
  }, []);
  // Mounted from the first dialog on and kept, so closing animations finish and reopening is instant.
  const [used, setUsed] = useState(false);
  if (open.length > 0 && !used) setUsed(true);
  return (
    <DialogContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <DialogLayer dialogs={open} />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}
