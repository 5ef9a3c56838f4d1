import { describe, expect, it, vi } from 'vitest';
import { ListStore } from '../../../renderer/pages/list/ListStore.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { ListScreen } from '../../../renderer/schema/screen.ts';
import { testServices } from '../test-services.tsx';

const order: EntityDecl = { version: 1, name: 'order', table: 'po', primaryKey: 'id', tenantScoped: false, paths: { site: '/x/v1/orders' }, fields: [{ name: 'id', type: 'integer' }, { name: 'supplierName', type: 'string' }] };
const screen = { kind: 'list', entity: 'order', route: '/x/orders', table: { columns: ['id'] } } as unknown as ListScreen;

/** A server that estimates (a million-row list) and counts when asked `total=only`, the count answered when `release` is called. */
function store(opts: { countFails?: boolean } = {}) {
  // One gate per searched name, so a test decides which count answers first.
  const gates = new Map<string, { open: () => void; opened: Promise<void> }>();
  const gate = (name: string) => {
    if (!gates.has(name)) {
      let open: () => void = () => undefined;
      const opened = new Promise<void>((r) => (open = r));
      gates.set(name, { open, opened });
    }
    return gates.get(name)!;
  };
  const release = (name = '') => gate(name).open();
  const request = vi.fn(async (_url: string, o?: { query?: Record<string, unknown> }) => {
    if (o?.query?.total === 'only') {
      const name = String(o.query.supplierName ?? '');
      await gate(name).opened;
      if (opts.countFails) throw new Error('count timed out');
      return { content: [], totalElements: 1_000_000 + name.length };
    }
    return { content: [{ id: 1 }], totalElements: 990_000, totalEstimated: true };
  });
  const list = new ListStore(screen, order, testServices([order], request as unknown as RendererServices['request']), {});
  const sent = () => request.mock.calls.map(([, q]) => q?.query ?? {});
  return { list, sent, release };
}

describe('a list whose total is estimated', () => {
  it('shows the rows with the estimate, asks for the exact count with the same query, then shows it', async () => {
    const { list, sent, release } = store();
    list.setQueryValue('supplierName', 'green');
    await list.search();
    expect(list.rows).toHaveLength(1);
    expect([list.total, list.totalEstimated]).toEqual([990_000, true]);
    const [page, count] = sent();
    expect(page).toMatchObject({ supplierName: 'green', total: 'estimate' });
    expect(count).toMatchObject({ supplierName: 'green', total: 'only', page: 0, size: list.pageSize });
    release('green');
    await vi.waitFor(() => expect([list.total, list.totalEstimated]).toEqual([1_000_005, false]));
  });

  it('keeps the estimate when the count fails, and drops a count that arrives after a newer search', async () => {
    const failing = store({ countFails: true });
    await failing.list.search();
    failing.release();
    await new Promise((r) => setTimeout(r, 20));
    expect([failing.list.total, failing.list.totalEstimated]).toEqual([990_000, true]);

    const late = store();
    await late.list.search();
    late.list.setQueryValue('supplierName', 'x');
    await late.list.search();
    // The newer search's count answers first, the older one's after it: the older must not land.
    late.release('x');
    await vi.waitFor(() => expect([late.list.total, late.list.totalEstimated]).toEqual([1_000_001, false]));
    late.release('');
    await new Promise((r) => setTimeout(r, 20));
    expect(late.list.total).toBe(1_000_001);
    expect(late.sent().filter((q) => q.total === 'only').map((q) => q.supplierName)).toEqual([undefined, 'x']);
  });
});
