import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveColumn } from '../../../renderer/schema/resolve-field.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import { moveInGrid } from '../../../renderer/table/grid-keys.ts';
import { fakeLayout, testServices, WithServices } from '../test-services.tsx';
import { itemEntity, itemRows } from './items.ts';

afterEach(cleanup);

const entity = itemEntity;
const ROWS = itemRows(10000);
const columns = [resolveColumn(entity, 'itemCode', '/0'), resolveColumn(entity, 'itemName', '/1')];

/** The table as a list screen holds it: the selection lives outside, in the page's store. */
function List({ navigate }: { navigate(p: string): void }) {
  const [selected, setSelected] = useState<string[]>([]);
  // The code is the row's link, as a list's link cell draws it.
  const cell = (row: Record<string, unknown>, c: { field: string }) =>
    c.field === 'itemCode' ? (
      <a href={`/items/${String(row.itemId)}`} onClick={(e) => (e.preventDefault(), navigate(`/items/${String(row.itemId)}`))}>
        {String(row.itemCode)}
      </a>
    ) : (
      String(row[c.field])
    );
  return (
    <WithServices services={testServices([entity])}>
      <DataTable columns={columns} rows={ROWS} rowKey="itemId" height={400} selection="multiple" selected={new Set(selected)} onSelect={setSelected} label="Items" renderCell={cell} />
    </WithServices>
  );
}

const focused = () => {
  const cell = document.activeElement as HTMLElement;
  return { row: cell.closest<HTMLElement>('[role="row"]')?.getAttribute('aria-rowindex'), col: cell.getAttribute('data-col'), text: cell.textContent };
};
const key = async (k: string, opts: { ctrlKey?: boolean } = {}) => {
  await act(async () => {
    fireEvent.keyDown(document.activeElement!, { key: k, ...opts });
    await new Promise((r) => setTimeout(r, 60));
  });
};

describe('the table as an ARIA grid', () => {
  fakeLayout(800, 400);

  it('tells a screen reader the size of the whole list and where each rendered row sits in it', () => {
    render(<List navigate={() => {}} />);
    const grid = screen.getByRole('grid', { name: 'Items' });
    // 10,000 records and the header row; a selection column, two data columns.
    expect(grid.getAttribute('aria-rowcount')).toBe('10001');
    expect(grid.getAttribute('aria-colcount')).toBe('3');
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    const rows = screen.getAllByRole('row');
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('1');
    expect(rows[1]!.getAttribute('aria-rowindex')).toBe('2');
    // Every cell of a row is a gridcell; the header's are columnheaders.
    expect(rows[1]!.querySelectorAll('[role="gridcell"]')).toHaveLength(3);
    expect(rows[0]!.querySelectorAll('[role="columnheader"]')).toHaveLength(3);
    // One tab stop for the whole grid: its first cell.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('moves between cells and rows with the arrows and Home, selects with Space and opens the row with Enter', async () => {
    const navigate = vi.fn();
    render(<List navigate={navigate} />);
    const first = screen.getAllByRole('row')[1]!.querySelector<HTMLElement>('[data-col="1"]')!;
    act(() => first.focus());
    expect(focused()).toMatchObject({ row: '2', col: '1', text: 'I1' });
    await key('ArrowDown');
    expect(focused()).toMatchObject({ row: '3', col: '1', text: 'I2' });
    await key('ArrowRight');
    expect(focused()).toMatchObject({ row: '3', col: '2', text: 'Item 2' });
    // Past the last column the focus stays.
    await key('ArrowRight');
    expect(focused()).toMatchObject({ col: '2' });
    await key(' ');
    expect(screen.getAllByRole('row').find((r) => r.getAttribute('aria-rowindex') === '3')!.getAttribute('aria-selected')).toBe('true');
    await key('Home');
    expect(focused()).toMatchObject({ row: '3', col: '0' });
    // Enter on a cell without a link of its own opens the row's link.
    await key('Enter');
    expect(navigate).toHaveBeenCalledWith('/items/2');
    // Scrolled to the end (by the wheel), the last record is announced as row 10,001 of the grid;
    // its focused row scrolled away, the grid itself is the tab stop.
    const scroller = document.querySelector<HTMLElement>('.dt-scroll')!;
    act(() => {
      scroller.scrollTop = 10000 * 40;
      fireEvent.scroll(scroller);
    });
    expect(screen.getAllByRole('row').at(-1)!.getAttribute('aria-rowindex')).toBe('10001');
    expect(scroller.tabIndex).toBe(0);
  });
});

describe('moveInGrid', () => {
  it('stays inside the grid and pages by the given rows', () => {
    const at = { row: 5, col: 1 };
    expect(moveInGrid(at, 'ArrowUp', false, 10, 3, 4)).toEqual({ row: 4, col: 1 });
    expect(moveInGrid(at, 'PageDown', false, 10, 3, 4)).toEqual({ row: 9, col: 1 });
    expect(moveInGrid(at, 'PageUp', false, 10, 3, 8)).toEqual({ row: 0, col: 1 });
    expect(moveInGrid(at, 'Home', true, 10, 3, 4)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowLeft', false, 10, 3, 4)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid(at, 'a', false, 10, 3, 4)).toBeUndefined();
    expect(moveInGrid(at, 'ArrowDown', false, 0, 3, 4)).toBeUndefined();
  });
});
