import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn } from '../../renderer/schema/resolve-field.ts';
import { ColumnSettings } from '../../renderer/table/ColumnSettings.tsx';
import { displayOrder, mergeSettings, moveColumn, schemaSettings, setHidden, setPinned, type TableSettings, toTableState } from '../../renderer/table/column-settings.ts';
import { DataTable } from '../../renderer/table/DataTable.tsx';
import { TableSettingsStore, tableScreenCode } from '../../renderer/table/table-settings-store.ts';
import { fakeLayout, testServices, WithServices } from './test-services.tsx';

afterEach(cleanup);

const entity: EntityDecl = {
  version: 1,
  name: 'user',
  table: 'iam_user',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/iam/hzero/v1/users' },
  fields: ['id', 'loginName', 'realName', 'email', 'phone', 'remark'].map((name) => ({ name, type: name === 'id' ? ('integer' as const) : ('string' as const), label: name })),
};
const columns = [
  resolveColumn(entity, { field: 'loginName', fixed: 'left', width: 120 }, '/0'),
  resolveColumn(entity, { field: 'realName', width: 100 }, '/1'),
  resolveColumn(entity, { field: 'email', width: 200 }, '/2'),
  resolveColumn(entity, { field: 'phone', width: 140 }, '/3'),
  resolveColumn(entity, { field: 'remark', hidden: true }, '/4'),
];
const defaults = schemaSettings(columns);

describe('the column model', () => {
  it("starts from the schema: its order, hidden columns and `fixed` pins", () => {
    expect(defaults).toEqual({ hidden: ['remark'], order: ['loginName', 'realName', 'email', 'phone', 'remark'], pinned: { left: ['loginName'], right: [] }, widths: {} });
  });

  it('hides, moves within a group and pins; the display order puts pins at their side', () => {
    let s = setHidden(defaults, 'email', true);
    s = setHidden(s, 'remark', false);
    expect(s.hidden).toEqual(['email']);
    s = setPinned(s, 'phone', 'right');
    s = setPinned(s, 'realName', 'left');
    expect(s.pinned).toEqual({ left: ['loginName', 'realName'], right: ['phone'] });
    expect(displayOrder(s)).toEqual(['loginName', 'realName', 'email', 'remark', 'phone']);
    // Moving up among the left pins swaps them; a move past a group's edge does nothing.
    s = moveColumn(s, 'realName', -1);
    expect(displayOrder(s)).toEqual(['realName', 'loginName', 'email', 'remark', 'phone']);
    expect(moveColumn(s, 'realName', -1)).toBe(s);
    expect(moveColumn(s, 'loginName', 1)).toBe(s);
    expect(moveColumn(s, 'phone', 1)).toBe(s);
    s = moveColumn(s, 'remark', -1);
    expect(displayOrder(s)).toEqual(['realName', 'loginName', 'remark', 'email', 'phone']);
    // Pinning moves a column out of its group; unpinning returns it to its place in the order.
    s = setPinned(s, 'realName', null);
    expect(displayOrder(s)).toEqual(['loginName', 'realName', 'remark', 'email', 'phone']);
  });

  it('lays saved settings over the schema: unknown columns dropped, missing ones after their schema predecessor', () => {
    const saved = { hidden: ['gone', 'email'], order: ['phone', 'gone', 'loginName', 'email'], pinned: { left: ['gone'], right: ['phone'] }, widths: { email: 300, gone: 90 } };
    expect(mergeSettings(columns, saved)).toEqual({
      hidden: ['email'],
      order: ['phone', 'remark', 'loginName', 'realName', 'email'],
      pinned: { left: [], right: ['phone'] },
      widths: { email: 300 },
    });
    expect(mergeSettings(columns, null)).toEqual(defaults);
  });

  it("becomes TanStack Table's visibility, order, start/end pinning and sizing", () => {
    const s: TableSettings = { hidden: ['email'], order: defaults.order, pinned: { left: ['loginName'], right: ['phone'] }, widths: { realName: 180 } };
    expect(toTableState(s, ['remark'])).toEqual({
      columnVisibility: { email: false, remark: false },
      columnOrder: defaults.order,
      columnPinning: { start: ['loginName'], end: ['phone'] },
      columnSizing: { realName: 180 },
    });
  });
});

describe('DataTable with column settings', () => {
  fakeLayout(800, 600);
  const rows = [{ id: 1, loginName: 'admin', realName: 'Ada', email: 'a@x', phone: '1', remark: 'r' }];
  const headers = () => screen.getAllByRole('columnheader').filter((h) => h.dataset.column).map((h) => h.dataset.column);
  const header = (f: string) => screen.getAllByRole('columnheader').find((h) => h.dataset.column === f)!;

  it("applies hidden, order and pins: left pins stick after the selection column, right pins at the right", () => {
    const settings: TableSettings = { hidden: ['email'], order: ['phone', 'realName', 'loginName', 'email', 'remark'], pinned: { left: ['realName', 'loginName'], right: ['phone'] }, widths: { realName: 150 } };
    render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns} rows={rows} rowKey="id" height={600} selection="multiple" settings={settings} />
      </WithServices>,
    );
    expect(headers()).toEqual(['realName', 'loginName', 'remark', 'phone']);
    expect(header('realName').className).toContain('dt-pin-left');
    expect(header('realName').style.left).toBe('48px');
    expect(header('realName').style.width).toBe('150px');
    expect(header('loginName').style.left).toBe('198px');
    expect(header('loginName').className).toContain('dt-pin-edge-left');
    expect(header('phone').className).toContain('dt-pin-right');
    expect(header('phone').style.right).toBe('0px');
    expect(header('remark').className).not.toContain('dt-pin');
    // Rows draw the same columns the same way.
    const cells = [...screen.getAllByRole('row').find((r) => r.dataset.rowKey === '1')!.querySelectorAll('[role="gridcell"][data-column]')];
    expect(cells.map((c) => c.getAttribute('data-column'))).toEqual(['realName', 'loginName', 'remark', 'phone']);
    expect((cells[1] as HTMLElement).style.left).toBe('198px');
  });

  it('without settings shows the schema: `fixed` pins, `hidden` columns left out, hiddenColumns honoured', () => {
    render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns} rows={rows} rowKey="id" height={600} hiddenColumns={['phone']} />
      </WithServices>,
    );
    expect(headers()).toEqual(['loginName', 'realName', 'email']);
    expect(header('loginName').style.left).toBe('0px');
  });
});

describe('TableSettingsStore and the Columns panel', () => {
  const url = '/hpfm/v1/1/table-settings/hiam.user';
  const host = (saved: unknown) => {
    const request = vi.fn(async (u: string, opts?: { method?: string }) => (opts?.method ? {} : saved));
    return { request, services: testServices([entity], request as unknown as RendererServices['request']) };
  };

  it('names a screen by its route pattern', () => {
    expect(tableScreenCode('/hiam/user')).toBe('hiam.user');
    expect(tableScreenCode('/sodr/send-order/detail/:id')).toBe('sodr.send-order.detail.id');
  });

  it('loads the saved settings over the schema, and keeps the schema when there are none or the call fails', async () => {
    const { request, services } = host({ hidden: ['realName'], order: [], pinned: { left: [], right: [] }, widths: {} });
    const store = new TableSettingsStore(services, 'hiam.user', columns);
    await store.load();
    expect(request).toHaveBeenCalledWith(url, { silent: true });
    expect(store.settings.hidden).toEqual(['realName']);
    const empty = new TableSettingsStore(host({}).services, 'hiam.user', columns);
    await empty.load();
    expect(empty.settings).toEqual(defaults);
    const failing = new TableSettingsStore(testServices([entity], vi.fn(async () => Promise.reject(new Error('down'))) as RendererServices['request']), 'hiam.user', columns);
    await failing.load();
    expect(failing.settings).toEqual(defaults);
  });

  it('saves each change from the panel, and reset forgets the saved row', async () => {
    const { request, services } = host({});
    const store = new TableSettingsStore(services, 'hiam.user', columns);
    render(
      <WithServices services={services}>
        <ColumnSettings store={store} />
      </WithServices>,
    );
    fireEvent.click(screen.getByTestId('column-settings-button'));
    await screen.findByTestId('column-settings', {}, { timeout: 5000 });
    const row = (f: string) => screen.getByTestId('column-settings').querySelector(`[data-column-setting="${f}"]`)!;
    const rowsInPanel = () => [...screen.getByTestId('column-settings').querySelectorAll('[data-column-setting]')].map((r) => r.getAttribute('data-column-setting'));
    expect(rowsInPanel()).toEqual(['loginName', 'realName', 'email', 'phone', 'remark']);

    fireEvent.click(row('email').querySelector('input[type="checkbox"]')!);
    await waitFor(() => expect(request).toHaveBeenLastCalledWith(url, { method: 'PUT', body: expect.objectContaining({ hidden: ['remark', 'email'] }) }));

    fireEvent.click(row('phone').querySelector('[data-pin="right"]')!);
    await waitFor(() => expect(store.settings.pinned.right).toEqual(['phone']));
    fireEvent.click(row('realName').querySelector('[data-action="down"]')!);
    await waitFor(() => expect(rowsInPanel()).toEqual(['loginName', 'email', 'realName', 'remark', 'phone']));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith(url, { method: 'PUT', body: store.settings }));

    await act(async () => {
      fireEvent.click(screen.getByTestId('column-settings-reset'));
    });
    await waitFor(() => expect(request).toHaveBeenLastCalledWith(url, { method: 'DELETE' }));
    expect(store.settings).toEqual(defaults);
    expect(rowsInPanel()).toEqual(['loginName', 'realName', 'email', 'phone', 'remark']);
  });
});
