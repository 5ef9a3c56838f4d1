import { describe, expect, it, vi } from 'vitest';
import { startEarlyReads } from '../../../renderer/pages/detail/early-reads.ts';
import type { RendererServices } from '../../../renderer/runtime/services.ts';
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
    expect((await early.reads.all).rows).toEqual([{ lineId: 1, docId: 7 }]);
  });

  it('leaves a tab whose filter needs the record to read when it mounts', async () => {
    const { request, s } = services();
    const reads = await startEarlyReads(s, screen({ partnerId: '{partnerId}' }), { id: '7' });
    expect(reads.lines.size).toBe(0);
    expect(request.mock.calls.map(([url]) => url)).toEqual(['/x/v1/docs/7']);
  });
});
