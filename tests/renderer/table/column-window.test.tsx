import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { resolveColumn } from '../../../renderer/schema/resolve-field.ts';
import { schemaSettings } from '../../../renderer/table/column-settings.ts';
import { WINDOW_FROM_PX } from '../../../renderer/table/column-window.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import { fakeLayout, testServices, WithServices } from '../test-services.tsx';

afterEach(cleanup);

/** Forty columns of 200 px: 8,000 px, over three times WINDOW_FROM_PX, in an 800 px viewport. */
const WIDE = 40;
const entity: EntityDecl = {
  version: 1,
  name: 'wide',
  table: 'wide',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/x/v1/wide' },
  fields: [{ name: 'id', type: 'integer' }, ...Array.from({ length: WIDE }, (_, i) => ({ name: `c${i}`, type: 'string' as const }))],
};
const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ ...resolveColumn(entity, `c${i}`, `/${i}`), width: 200 }));
const rows = Array.from({ length: 50 }, (_, r) => Object.fromEntries([['id', r + 1], ...Array.from({ length: WIDE }, (_, i) => [`c${i}`, `r${r + 1}c${i}`])]));
const drawn = (c: HTMLElement, key = '1') => Array.from(c.querySelectorAll<HTMLElement>(`[role="row"][data-row-key="${key}"] [role="gridcell"][data-column]`)).map((x) => x.dataset.column);

describe('a table wider than two screens draws the columns in view', () => {
  fakeLayout(800, 400);

  it('draws the first screen of columns, keeps the row as wide as all of them, and says where each cell is', () => {
    const { container } = render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns(WIDE)} rows={rows} rowKey="id" height={400} selection="multiple" />
      </WithServices>,
    );
    const cells = drawn(container);
    expect(cells[0]).toBe('c0');
    expect(cells.length).toBeLessThan(12);
    expect(cells).not.toContain(`c${WIDE - 1}`);
    const grid = container.querySelector('[role="grid"]')!;
    expect(grid.getAttribute('aria-colcount')).toBe(String(WIDE + 1));
    // The selection column is 1; c3 is column 5.
    expect(container.querySelector('[role="row"][data-row-key="1"] [data-column="c3"]')!.getAttribute('aria-colindex')).toBe('5');
    // The cells left out after the window are kept as the last drawn cell's margin.
    const last = container.querySelector<HTMLElement>(`[role="row"][data-row-key="1"] [data-column="${cells[cells.length - 1]}"]`)!;
    expect(parseFloat(last.style.marginRight)).toBe((WIDE - cells.length) * 200);
  });

  it('moves the window with a sideways scroll, in the header and the rows alike', async () => {
    const { container } = render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns(WIDE)} rows={rows} rowKey="id" height={400} />
      </WithServices>,
    );
    const scroller = container.querySelector<HTMLElement>('.dt-scroll')!;
    await act(async () => {
      scroller.scrollLeft = 20 * 200;
      fireEvent.scroll(scroller);
      await new Promise((r) => setTimeout(r, 50));
    });
    const cells = drawn(container);
    expect(cells).toContain('c20');
    expect(cells).not.toContain('c0');
    const heads = Array.from(container.querySelectorAll<HTMLElement>('[role="columnheader"][data-column]')).map((h) => h.dataset.column);
    expect(heads).toEqual(cells);
    const first = container.querySelector<HTMLElement>(`[role="row"][data-row-key="1"] [data-column="${cells[0]}"]`)!;
    expect(parseFloat(first.style.marginLeft)).toBe(Number(cells[0]!.slice(1)) * 200);
  });

  it('keeps pinned columns drawn wherever the window is', async () => {
    const cols = columns(WIDE);
    const settings = { ...schemaSettings(cols), pinned: { left: ['c0'], right: [`c${WIDE - 1}`] } };
    const { container } = render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={cols} rows={rows} rowKey="id" height={400} settings={settings} />
      </WithServices>,
    );
    expect(drawn(container)).toEqual(expect.arrayContaining(['c0', `c${WIDE - 1}`, 'c1']));
    expect(drawn(container)).not.toContain('c30');
  });

  it('draws every column of a table narrower than the threshold', () => {
    const n = Math.floor(WINDOW_FROM_PX / 200);
    const { container } = render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns(n)} rows={rows} rowKey="id" height={400} />
      </WithServices>,
    );
    expect(drawn(container)).toHaveLength(n);
    expect(container.querySelector('[aria-colindex]')).toBeNull();
  });
});
