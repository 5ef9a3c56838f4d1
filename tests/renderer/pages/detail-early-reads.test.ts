import { describe, expect, it, vi } from 'vitest';
import { arrived, type EarlyReads, startEarlyReads } from '../../../renderer/pages/detail/early-reads.ts';
import { DetailStore } from '../../../renderer/pages/detail/DetailStore.ts';
import { resolveField } from '../../../renderer/schema/resolve-field.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { DetailScreen } from '../../../renderer/schema/screen.ts';
import { testServices } from '../test-services.tsx';

/** A detail page reads its record and its lines at once, not each after the component above it mounted. */
const header: EntityDecl = { version: 1, name: 'doc', table: 'doc', primaryKey: 'docId', tenantScoped: false, paths: { site: '/x/v1/docs' }, fields: [{ name: 'docId', type: 'integer' }, { name: 'partnerId', type: 'integer' }] };
const line: EntityDecl = { version: 1, name: 'docLine', table: 'doc_line', primaryKey: 'lineId', tenantScoped: false, paths: { site: '/x/v1/doc-lines' }, fields: [{ name: 'lineId', type: 'integer' }, { name: 'docId', type: 'integer' }, { name: 'partnerId', type: 'integer' }] };
const screen = (filter: Record<string, string>) =>
  ({ kind: 'detail', entity: 'doc', route: '/x/doc/:id', sections: [{ fields: ['docId'] }], tabs: [{ title: 'Lines', kind: 'table', entity: 'docLine', editable: 'inline', filter, table: { columns: ['lineId'] } }] }) as unknown as DetailScreen;

function services() {
  const request = vi.fn(async (url: string) => (url.includes('doc-lines') ? { content: [{ lineId: 1, docId: 7 }], totalElements: 1 } : { docId: 7 }));
  return { request, s: testServices([header, line], request as unknown as RendererServices['request']) };
}

describe('a detail page\'s early reads', () => {
  it('asks for the record and the lines of a tab the route alone filters, together', async () => {
    const { request, s } = services();
    const reads = await startEarlyReads(s, screen({ docId: '{id}' }), { id: '7' });
    expect(request.mock.calls.map(([url]) => url)).toEqual(['/x/v1/docs/7', '/x/v1/doc-lines']);
    expect(await reads.record).toEqual({ docId: 7 });
    const early = reads.lines.get(0)!;
    expect(early.filter).toBe(JSON.stringify({ docId: 7 }));
    expect((await early.reads.rest()).rows).toEqual([{ lineId: 1, docId: 7 }]);
  });

  it('leaves a tab whose filter needs the record to read when it mounts', async () => {
    const { request, s } = services();
    const reads = await startEarlyReads(s, screen({ partnerId: '{partnerId}' }), { id: '7' });
    expect(reads.lines.size).toBe(0);
    expect(request.mock.calls.map(([url]) => url)).toEqual(['/x/v1/docs/7']);
  });

  it('hands the page what has come: the record and the first lines together, slow lines left to their tab', async () => {
    const lines = { rows: [{ lineId: 1 }], total: 1 };
    const reads = (first: Promise<typeof lines>): EarlyReads => ({ record: Promise.resolve({ docId: 7 }), lines: new Map([[0, { filter: '{}', reads: { first, rest: () => first } }]]) });
    const both = await arrived(reads(Promise.resolve(lines)));
    expect(both.recordValue).toEqual({ docId: 7 });
    expect(both.lines.get(0)!.first).toEqual(lines);
    // Lines that take longer than the grace time come to the tab later, through `reads`.
    const slow = await arrived(reads(new Promise(() => undefined)), 10);
    expect(slow.recordValue).toEqual({ docId: 7 });
    expect(slow.lines.get(0)!.first).toBeUndefined();
    // A failed read is the page's to show: nothing is taken, nothing thrown here.
    const failed = await arrived({ record: Promise.reject(new Error('403')), lines: new Map() });
    expect(failed.recordValue).toBeUndefined();
  });

  it('a record that came with the page is in its form from the first render and is not read again', async () => {
    const { request, s } = services();
    const store = new DetailStore(screen({ docId: '{id}' }), header, [resolveField(header, 'docId', '/0')], s, { id: '7' }, Promise.resolve({ docId: 7 }), { docId: 7 });
    expect(store.loading).toBe(false);
    expect(store.form.values).toEqual({ docId: 7 });
    await store.start();
    expect(request).not.toHaveBeenCalled();
  });
});
