import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveColumn } from '../../../renderer/schema/resolve-field.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import { fakeLayout, testServices, WithServices } from '../test-services.tsx';
import { itemEntity, itemRows } from './items.ts';

afterEach(cleanup);

const entity = itemEntity;
const ROWS = itemRows(1000);

/** A row action with state of its own, as a pending request or an open confirm would have. */
function Flag({ row }: { row: Record<string, unknown> }) {
  const [on, setOn] = useState(false);
  return (
    <button type="button" data-testid={`flag-${String(row.itemId)}`} onClick={() => setOn(true)}>
      {on ? 'flagged' : 'flag'}
    </button>
  );
}

const rowsShown = (c: HTMLElement) => Array.from(c.querySelectorAll<HTMLElement>('[role="row"][data-row-key]'));

describe('DataTable scrolling', () => {
  fakeLayout(800, 400);

  it('shows the records scrolled to in the row elements already on screen, and keeps row-action state with its record', async () => {
    const { container, getByTestId, queryByText } = render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={[resolveColumn(entity, 'itemName', '/0')]} rows={ROWS} rowKey="itemId" height={400} rowHeight={40} rowActions={(row) => <Flag row={row} />} />
      </WithServices>,
    );
    const before = rowsShown(container);
    expect(before[0]!.dataset.rowKey).toBe('1');
    expect(before[0]!.textContent).toContain('Item 1');
    fireEvent.click(getByTestId('flag-2'));
    expect(getByTestId('flag-2').textContent).toBe('flagged');

    const scroller = container.querySelector<HTMLElement>('.dt-scroll')!;
    await act(async () => {
      scroller.scrollTop = 20000; // row 500
      fireEvent.scroll(scroller);
      await new Promise((r) => setTimeout(r, 50));
    });
    const after = rowsShown(container);
    const keys = after.map((r) => Number(r.dataset.rowKey));
    expect(Math.min(...keys)).toBeGreaterThan(450);
    for (const r of after) expect(r.textContent).toContain(`Item ${r.dataset.rowKey}`);
    // The same elements, now showing other records (no rows torn down and built again) ...
    expect(after.filter((r) => before.includes(r)).length).toBeGreaterThan(after.length / 2);
    // ... while the action state stayed with record 2 instead of moving to the record now in its slot.
    expect(queryByText('flagged')).toBeNull();
    await act(async () => {
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(rowsShown(container)[0]!.textContent).toContain('Item 1');
  });
});
