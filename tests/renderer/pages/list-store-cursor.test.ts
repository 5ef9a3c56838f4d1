import { describe, expect, it, vi } from 'vitest';
import { ListStore } from '../../../renderer/pages/list/ListStore.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { ListScreen } from '../../../renderer/schema/screen.ts';
import { testServices } from '../test-services.tsx';

const order: EntityDecl = { version: 1, name: 'order', table: 'po', primaryKey: 'id', tenantScoped: false, paths: { site: '/x/v1/orders' }, fields: [{ name: 'id', type: 'integer' }, { name: 'supplierName', type: 'string' }] };
const screen = { kind: 'list', entity: 'order', route: '/x/orders', table: { columns: ['id'] } } as unknown as ListScreen;

/** The server answers page n with a cursor for page n + 1 (keyset paging). */
function store() {
  const request = vi.fn(async (_url: string, opts?: { query?: Record<string, unknown> }) => {
    const page = Number(opts?.query?.page ?? 0);
    return { content: [{ id: 1000 - page }], totalElements: 100000, nextCursor: `after-page-${page}` };
  });
  const list = new ListStore(screen, order, testServices([order], request as unknown as RendererServices['request']), {});
  const sent = () => request.mock.calls.filter(([url]) => url === '/x/v1/orders').map(([, o]) => o?.query ?? {});
  return { list, sent };
}

describe('a list paging forward', () => {
  it('asks for the next page after where the last one ended, and offsets only where it has no cursor', async () => {
    const { list, sent } = store();
    await list.search();
    await list.changePage(2, list.pageSize);
    await list.changePage(3, list.pageSize);
    await list.changePage(7, list.pageSize);
    expect(sent().map((q) => [q.page, q.cursor])).toEqual([
      [0, undefined],
      [1, 'after-page-0'],
      [2, 'after-page-1'],
      [6, undefined],
    ]);
  });

  it('starts over when the query, the sort or the page size change', async () => {
    const { list, sent } = store();
    await list.search();
    await list.changePage(2, list.pageSize);
    // Sorted, the same page is read again by offset: the cursor was of the old order.
    await list.toggleSort('supplierName');
    await list.changePage(1, 50);
    await list.changePage(2, 50);
    list.setQueryValue('supplierName', 'green');
    await list.search();
    await list.changePage(2, list.pageSize);
    expect(sent().map((q) => q.cursor)).toEqual([undefined, 'after-page-0', undefined, undefined, 'after-page-0', undefined, 'after-page-0']);
  });
});
