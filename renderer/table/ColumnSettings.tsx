import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { TableSettingsStore } from './table-settings-store.ts';

// The panel (a drawer, icons, segmented pins) loads on the first click: most visits never open it.
const ColumnSettingsPanel = lazy(() => import('./ColumnSettingsPanel.tsx'));

/** The "Columns" button of a list toolbar; it opens the column panel for the list's settings store. */
export function ColumnSettings({ store }: { store: TableSettingsStore }) {
  const s = useServices();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the drawer can animate closed and keeps its scroll.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="column-settings-button"
      >
        {s.t('hzero.common.table.columnSettings', 'Columns')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ColumnSettingsPanel store={store} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
