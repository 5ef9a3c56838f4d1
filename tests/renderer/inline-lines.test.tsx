import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { autorun, computed } from 'mobx';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldProps } from '../../renderer/contracts/fields.ts';
import { ChildTable } from '../../renderer/pages/detail/ChildTable.tsx';
import { type LinesApi, LinesStore } from '../../renderer/pages/detail/LinesStore.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn, resolveField } from '../../renderer/schema/resolve-field.ts';
import type { DetailTab } from '../../renderer/schema/screen.ts';
import { WithServices, testRegistries, testServices } from './test-services.tsx';

const { cellRenderers, fieldWidgets } = testRegistries;

afterEach(cleanup);

type Row = Record<string, unknown>;

const entity: EntityDecl = {
  version: 1,
  name: 'orderLine',
  table: 'x_order_line',
  primaryKey: 'lineId',
  tenantScoped: true,
  paths: { tenant: '/x/v1/{tenantId}/order-lines' },
  numbering: { field: 'lineCode', rule: 'X.LINE' },
  fields: [
    { name: 'lineId', type: 'integer', readOnly: true },
    { name: 'headerId', type: 'integer', required: true },
    { name: 'lineCode', type: 'string', readOnly: true },
    { name: 'itemName', type: 'string', required: true, maxLength: 20 },
    { name: 'quantity', type: 'number', required: true, min: 1, max: 100 },
    { name: 'uomCode', type: 'string', default: 'EA', pattern: '^[A-Z]+$' },
    { name: 'discount', type: 'number' },
    { name: 'reason', type: 'string' },
    { name: 'draftNote', type: 'string' },
  ],
};

const saved = (lineId: number, itemName: string, quantity: number): Row => ({ lineId, headerId: 7, lineCode: `L${lineId}`, itemName, quantity, uomCode: 'EA', objectVersionNumber: 3, tenantId: 1 });

function makeStore() {
  const fields = [
    resolveField(entity, 'itemName', '/0'),
    resolveField(entity, 'quantity', '/1'),
    resolveField(entity, 'uomCode', '/2'),
    resolveField(entity, 'discount', '/3'),
    // A cross-field rule: a discount needs a reason.
    resolveField(entity, { field: 'reason', required: 'record.discount > 0' }, '/4'),
    resolveField(entity, { field: 'draftNote', dropOnCreate: true }, '/5'),
  ];
  const store = new LinesStore({ entity, fields, fixed: () => ({ headerId: 7 }), scopeExtra: () => ({}), labelOf: (f) => f.name });
  store.load([saved(1, 'Bolt', 10), saved(2, 'Nut', 20), saved(3, 'Washer', 30)]);
  return store;
}

function fakeApi(overrides: { update?: LinesApi['update'] } = {}) {
  let next = 100;
  return {
    create: vi.fn<LinesApi['create']>(async (body) => ({ ...body, lineId: ++next, lineCode: `L${next}`, objectVersionNumber: 1 })),
    update: vi.fn<LinesApi['update']>(overrides.update ?? (async (_line, body) => ({ ...body, objectVersionNumber: Number(body.objectVersionNumber) + 1 }))),
    remove: vi.fn<LinesApi['remove']>(async () => undefined),
  };
}

describe('LinesStore', () => {
  it('adds a line at the top with entity defaults and the header link', () => {
    const store = makeStore();
    const line = store.add();
    expect(store.lines[0]).toBe(line);
    expect(line.status).toBe('create');
    expect(line.form.values).toEqual({ uomCode: 'EA', headerId: 7 });
    expect(store.dirty).toBe(true);
  });

  it('copies the selected lines without key, version, audit and generated fields', () => {
    const store = makeStore();
    store.select(['2', '3']);
    const copies = store.copy();
    expect(store.lines.map((l) => l.form.values.itemName)).toEqual(['Nut', 'Washer', 'Bolt', 'Nut', 'Washer']);
    for (const c of copies) {
      expect(c.status).toBe('create');
      expect(Object.keys(c.form.values).sort()).toEqual(['headerId', 'itemName', 'quantity', 'uomCode']);
    }
    expect(store.selected.size).toBe(0);
  });

  it('deletes: a new line vanishes, a saved line waits for the save', () => {
    const store = makeStore();
    const fresh = store.add();
    store.select([fresh.key, '2']);
    store.remove();
    expect(store.lines.map((l) => l.key)).toEqual(['1', '3']);
    expect(store.pending().remove.map((l) => l.key)).toEqual(['2']);
    expect(store.pending().create).toEqual([]);
    store.cancel();
    expect(store.lines.map((l) => l.key)).toEqual(['1', '2', '3']);
    expect(store.dirty).toBe(false);
  });

  it('reloading after a save keeps what was typed or added meanwhile, and takes the rest from the server', () => {
    const store = makeStore();
    store.line('1')!.form.setValue('itemName', 'Typed during the reload');
    const added = store.add();
    store.select(['3']);
    store.remove();
    store.refresh([saved(1, 'Bolt', 10), { ...saved(2, 'Nut (changed elsewhere)', 20), objectVersionNumber: 4 }, saved(3, 'Washer', 30)]);
    expect(store.lines.map((l) => l.key)).toEqual([added.key, '1', '2']);
    expect(store.line('1')!.form.values.itemName).toBe('Typed during the reload');
    expect(store.line('2')!.form.values).toMatchObject({ itemName: 'Nut (changed elsewhere)', objectVersionNumber: 4 });
    expect(store.pending().remove.map((l) => l.key)).toEqual(['3']);
    // Cancel still goes back to the server's lines.
    store.cancel();
    expect(store.lines.map((l) => l.form.values.itemName)).toEqual(['Bolt', 'Nut (changed elsewhere)', 'Washer']);
  });

  it('submits only changed lines: POST new (without dropOnCreate fields), PUT edited with its version, one batch DELETE', async () => {
    const store = makeStore();
    const fresh = store.add();
    fresh.form.setValue('itemName', 'Screw');
    fresh.form.setValue('quantity', 5);
    fresh.form.setValue('draftNote', 'internal');
    store.line('1')!.form.setValue('quantity', 11);
    store.remove(['3']);
    const api = fakeApi();
    const r = await store.save(api);
    expect(r).toEqual({ ok: true });
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create.mock.calls[0]![0]).toEqual({ uomCode: 'EA', headerId: 7, itemName: 'Screw', quantity: 5 });
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update.mock.calls[0]![1]).toMatchObject({ lineId: 1, quantity: 11, objectVersionNumber: 3 });
    expect(api.remove).toHaveBeenCalledWith([{ lineId: 3, objectVersionNumber: 3 }]);
    // Saved lines take the server's values: the new line has its key, the edited one its new version.
    expect(fresh.status).toBe('sync');
    expect(fresh.form.values.lineId).toBe(101);
    expect(store.line('1')!.form.values.objectVersionNumber).toBe(4);
    expect(store.dirty).toBe(false);
    expect(await store.save(api)).toEqual({ ok: true });
    expect(api.update).toHaveBeenCalledTimes(1);
  });

  it('validates changed lines with the form rules, marks the right cells and sends nothing', async () => {
    const store = makeStore();
    const fresh = store.add();
    fresh.form.setValue('quantity', 500);
    const two = store.line('2')!;
    two.form.setValue('uomCode', 'kg');
    two.form.setValue('discount', 5);
    const three = store.line('3')!;
    three.form.errors = { itemName: 'required:itemName' }; // stale mark on an unchanged line
    const api = fakeApi();
    const r = await store.save(api);
    expect(r).toEqual({ ok: false, invalid: { key: fresh.key, field: 'itemName' } });
    expect(fresh.form.errors).toEqual({ itemName: 'required:itemName', quantity: 'max:quantity:100' });
    expect(two.form.errors).toEqual({ uomCode: 'pattern:uomCode', reason: 'required:reason' });
    expect(store.line('1')!.form.errors).toEqual({});
    expect(three.form.errors).toEqual({});
    expect(api.create).not.toHaveBeenCalled();
    expect(api.update).not.toHaveBeenCalled();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('totals read loaded lines without their forms, and follow a line edited once its form exists', async () => {
    const store = makeStore();
    const total = computed(() => store.lines.reduce((n, l) => n + Number(l.values.quantity), 0));
    const dirty: boolean[] = [];
    const totals: number[] = [];
    const stop = autorun(() => {
      totals.push(total.get());
      dirty.push(store.dirty);
    });
    // The form is built when a cell first needs it (here: the edit), after the total was computed.
    store.line('2')!.form.setValue('quantity', 25);
    await Promise.resolve();
    expect(totals.at(-1)).toBe(10 + 25 + 30);
    expect(dirty.at(-1)).toBe(true);
    store.line('2')!.form.setValue('quantity', 21);
    expect(totals.at(-1)).toBe(10 + 21 + 30);
    stop();
  });

  it('keeps a line the server refuses (version conflict) with its edits and the message', async () => {
    const store = makeStore();
    store.line('1')!.form.setValue('itemName', 'Bolt M8');
    store.line('2')!.form.setValue('itemName', 'Nut M8');
    const api = fakeApi({
      update: vi.fn(async (line: Row, body: Row) => {
        if (line.lineId === 1) throw new Error('The record was changed by someone else');
        return { ...body, objectVersionNumber: 4 };
      }),
    });
    expect(await store.save(api)).toEqual({ ok: false, failed: 1 });
    const one = store.line('1')!;
    expect(one.saveError).toBe('The record was changed by someone else');
    expect(one.form.values.itemName).toBe('Bolt M8');
    expect(one.changed).toBe(true);
    expect(store.line('2')!.changed).toBe(false);
    expect(store.dirty).toBe(true);
  });
});

describe('an "inline" tab', () => {
  const renders = new Map<string, number>();
  function Probe({ id, field, value, onChange }: FieldProps) {
    renders.set(id, (renders.get(id) ?? 0) + 1);
    return <input id={id} value={String(value ?? '')} onChange={(e) => onChange(field.type === 'number' ? Number(e.target.value) : e.target.value)} />;
  }
  beforeAll(async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 1200, bottom: 600, width: 1200, height: 600, toJSON: () => ({}) } as DOMRect);
    fieldWidgets.register('probe', async () => ({ default: Probe }));
    await Promise.all([fieldWidgets.resolve('probe'), cellRenderers.resolve('text')]);
  });
  afterAll(() => vi.restoreAllMocks());

  const tab: DetailTab = {
    title: 'Lines',
    kind: 'table',
    entity: 'orderLine',
    editable: 'inline',
    filter: { headerId: '{id}' },
    sections: [{ fields: [{ field: 'itemName', widget: 'probe' }, { field: 'quantity', widget: 'probe' }] }],
    table: { columns: ['lineCode', 'itemName', 'quantity'] },
  };
  const columns = ['lineCode', 'itemName', 'quantity'].map((c, i) => resolveColumn(entity, c, `/${i}`));

  function mount() {
    const request = vi.fn(async (_url: string, opts?: { method?: string; body?: unknown }) => {
      if (!opts?.method || opts.method === 'GET') return { content: [saved(1, 'Bolt', 10), saved(2, 'Nut', 20)] };
      return { ...(opts.body as Row), lineId: 9, objectVersionNumber: 1 };
    });
    const services: RendererServices = testServices([entity], request as RendererServices['request']);
    let dirty: (() => boolean) | undefined;
    const track = (d: () => boolean) => ((dirty = d), () => (dirty = undefined));
    const page = (vars: Row) => (
      <WithServices services={services}>
        <ChildTable tab={tab} entity={entity} columns={columns} vars={vars} trackPending={track} />
      </WithServices>
    );
    const { rerender } = render(page({ id: '7', tenantId: 1 }));
    return { request, isDirty: () => dirty?.(), typeInHeader: (remark: string) => rerender(page({ id: '7', tenantId: 1, remark })) };
  }

  it('renders field widgets in the cells; a keystroke re-renders that cell only; unsaved lines make the page dirty', async () => {
    const { isDirty, request, typeInHeader } = mount();
    await waitFor(() => expect(document.getElementById('line-1-itemName')).toBeTruthy());
    // The generated line code is not editable: shown with its cell.
    expect(screen.getAllByRole('row').find((r) => r.dataset.rowKey === '1')!.querySelector('[data-column="lineCode"]')!.textContent).toBe('L1');
    expect(document.getElementById('line-1-lineCode')).toBeNull();
    expect(isDirty()).toBe(false);
    // A saved line shows a custom widget's value in a plain input until the cell is focused (LightCell.tsx).
    expect(renders.get('line-1-itemName')).toBeUndefined();
    fireEvent.focus(document.getElementById('line-1-itemName')!);
    await waitFor(() => expect(renders.get('line-1-itemName')).toBeGreaterThan(0));
    fireEvent.change(document.getElementById('line-1-itemName')!, { target: { value: 'Bolt M8' } });
    const before = new Map(renders);
    fireEvent.change(document.getElementById('line-1-itemName')!, { target: { value: 'Bolt M10' } });
    expect([...renders].filter(([k, n]) => n !== before.get(k)).map(([k]) => k)).toEqual(['line-1-itemName']);
    expect(isDirty()).toBe(true);
    // Typing in the header does not reload the lines (which would drop the edit).
    typeInHeader('urgent');
    await act(async () => undefined);
    expect(request.mock.calls.filter(([, o]) => !o?.method)).toHaveLength(1);
    expect((document.getElementById('line-1-itemName') as HTMLInputElement).value).toBe('Bolt M10');
  });

  it('save marks the invalid cell of a new line and sends nothing', async () => {
    const { request } = mount();
    await waitFor(() => expect(document.getElementById('line-1-itemName')).toBeTruthy());
    fireEvent.click(document.querySelector('[data-action="add-line"]')!);
    fireEvent.change(document.getElementById('line-new-1-quantity')!, { target: { value: '3' } });
    await act(async () => fireEvent.click(document.querySelector('[data-action="save-lines"]')!));
    const cell = document.querySelector('[data-row-key="new-1"] [data-field="itemName"]')!;
    expect(cell.getAttribute('data-error')).toBe('itemName is required');
    expect(document.querySelector('[data-row-key="new-1"] [data-field="quantity"]')!.getAttribute('data-error')).toBeNull();
    expect(request.mock.calls.filter(([, o]) => o?.method && o.method !== 'GET')).toEqual([]);
    fireEvent.change(document.getElementById('line-new-1-itemName')!, { target: { value: 'Screw' } });
    await act(async () => fireEvent.click(document.querySelector('[data-action="save-lines"]')!));
    const posts = request.mock.calls.filter(([, o]) => o?.method === 'POST');
    expect(posts).toEqual([['/x/v1/1/order-lines', { method: 'POST', body: { headerId: 7, uomCode: 'EA', itemName: 'Screw', quantity: 3 } }]]);
  });

  it('paints a big document\'s first screenful of lines, then every line in parallel pages', async () => {
    const all = Array.from({ length: 2_345 }, (_, i) => saved(i + 1, `Part ${i + 1}`, 1));
    const request = vi.fn(async (_url: string, opts?: { query?: Row }) => {
      const page = Number(opts?.query?.page ?? 0);
      const size = Number(opts?.query?.size ?? 10);
      return { content: all.slice(page * size, page * size + size), totalElements: all.length };
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    // The full read waits until the first screenful is on screen.
    const services: RendererServices = testServices([entity], (async (url: string, opts?: { query?: Row }) => {
      if (Number(opts?.query?.size) > 100) await held;
      return request(url, opts);
    }) as RendererServices['request']);
    render(
      <WithServices services={services}>
        <ChildTable tab={tab} entity={entity} columns={columns} vars={{ id: '7', tenantId: 1 }} />
      </WithServices>,
    );
    const grid = () => screen.getByRole('grid');
    await waitFor(() => expect(document.getElementById('line-1-itemName')).toBeTruthy());
    expect(grid().getAttribute('aria-rowcount')).toBe(String(100 + 1));
    release();
    await waitFor(() => expect(grid().getAttribute('aria-rowcount')).toBe(String(2_345 + 1)));
    const sizes = request.mock.calls.map(([, o]) => `${o?.query?.page}/${o?.query?.size}`);
    expect(sizes).toEqual(['0/100', '0/1000', '1/1000', '2/1000']);
  });
  it('shows the lines the page read before it rendered in its first render, and takes the rest after', async () => {
    const all = Array.from({ length: 250 }, (_, i) => saved(i + 1, `Part ${i + 1}`, 1));
    const request = vi.fn(async (_url: string) => ({ content: [], totalElements: 0 }));
    let release: (v: { rows: Row[]; total: number }) => void = () => undefined;
    const rest = new Promise<{ rows: Row[]; total: number }>((r) => (release = r));
    const first = { rows: all.slice(0, 100), total: all.length };
    const takeRest = vi.fn(() => rest);
    const preview = vi.fn();
    const early = { filter: JSON.stringify({ headerId: 7 }), reads: { first: Promise.resolve(first), rest: takeRest }, first };
    // The page prepared the tab's fields with its own (DetailPage), so nothing is loaded here first.
    const fields = [resolveField(entity, { field: 'itemName', widget: 'probe' }, '/0'), resolveField(entity, { field: 'quantity', widget: 'probe' }, '/1')];
    const services: RendererServices = testServices([entity], request as unknown as RendererServices['request']);
    render(
      <WithServices services={services}>
        <ChildTable tab={tab} entity={entity} columns={columns} fields={fields} early={early} vars={{ id: '7', tenantId: 1 }} onLinesPreview={preview} />
      </WithServices>,
    );
    // In the first render: no spinner, no request of its own.
    expect(document.getElementById('line-1-itemName')).toBeTruthy();
    expect(screen.getByRole('grid').getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe(String(100 + 1));
    // The rest is asked for once that first screen is painted, not while it is built.
    expect(takeRest).not.toHaveBeenCalled();
    await waitFor(() => expect(takeRest).toHaveBeenCalledTimes(1));
    // A line edited before the rest came: the header's totals are previewed again over every line.
    fireEvent.focus(document.getElementById('line-1-itemName')!);
    fireEvent.change(document.getElementById('line-1-itemName')!, { target: { value: 'Bolt M8' } });
    await act(async () => release({ rows: all, total: all.length }));
    await waitFor(() => expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe(String(250 + 1)));
    await waitFor(() => expect(preview.mock.calls.at(-1)?.[1]).toHaveLength(250));
    expect(preview.mock.calls.at(-1)![1][0]).toMatchObject({ itemName: 'Bolt M8' });
    expect(request.mock.calls.every(([url]) => String(url).includes('formula-facts'))).toBe(true);
  });
});
