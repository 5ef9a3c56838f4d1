import { describe, expect, it, vi } from 'vitest';
import { entityApi } from '../../../renderer/data/entity-api.ts';
import { platformConvention } from '../../../renderer/schema/wire/rest-convention.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import { testServices } from '../test-services.tsx';
import { row, term } from './fixtures.ts';

function api(answer: unknown = {}, o: Parameters<typeof entityApi>[2] = {}, siteMode = false) {
  const request = vi.fn(async (_url: string, _opts?: unknown) => answer);
  const s: RendererServices = { ...testServices([term], request as RendererServices['request']), siteMode };
  return { request, api: entityApi(s, term, o) };
}

describe('the entity API builds every record call from the declaration and the convention', () => {
  it('lists with the query as a bare GET and reads the page', async () => {
    const { request, api: a } = api({ content: [row(1, 'A')], totalElements: 41 });
    expect(await a.list({ page: 0, size: 20 })).toEqual({ rows: [row(1, 'A')], total: 41 });
    expect(request).toHaveBeenCalledWith('/x/v1/1/terms', { query: { page: 0, size: 20 } });
  });

  it('uses the site path for a site role', async () => {
    const { request, api: a } = api({ content: [] }, {}, true);
    await a.list();
    expect(request.mock.calls[0]![0]).toBe('/x/v1/terms');
  });

  it("takes a screen's list endpoint with its parameters and answer keys", async () => {
    const { request, api: a } = api({ rows: [row(2, 'B')], count: 1 }, { vars: { kind: 'K' }, endpoints: { list: { url: '/y/v1/{tenantId}/all-terms', params: { kind: '{kind}', fixed: 3 }, response: { rows: 'rows', total: 'count' } } } });
    expect(await a.list({ page: 1 })).toEqual({ rows: [row(2, 'B')], total: 1 });
    expect(request).toHaveBeenCalledWith('/y/v1/1/all-terms', { query: { kind: 'K', fixed: 3, page: 1 } });
  });

  it('gets, creates, updates on the collection with the key and version in the body, deletes in a batch and runs transitions', async () => {
    const { request, api: a } = api({});
    await a.get(5);
    await a.create({ termCode: 'N' });
    await a.update(row(5, 'A'), { termName: 'x', objectVersionNumber: 2 });
    await a.remove([row(5, 'A'), row(6, 'B')]);
    await a.transition(row(5, 'A'), 'release');
    await a.history(5);
    expect(request.mock.calls).toEqual([
      ['/x/v1/1/terms/5', { query: {} }],
      ['/x/v1/1/terms', { method: 'POST', body: { termCode: 'N' } }],
      ['/x/v1/1/terms', { method: 'PUT', body: { termName: 'x', termId: 5, objectVersionNumber: 2 } }],
      ['/x/v1/1/terms', { method: 'DELETE', body: [{ termId: 5, objectVersionNumber: 2 }, { termId: 6, objectVersionNumber: 2 }] }],
      ['/x/v1/1/terms/5/actions/release', { method: 'POST', body: { objectVersionNumber: 2 } }],
      ['/x/v1/1/terms/5/history', { query: { size: 100 } }],
    ]);
  });

  it('sends everything to a given collection (a tab or list `data.list.url`) and reads header values late', async () => {
    let header = { headerId: 7 };
    const { request, api: a } = api({}, { base: '/x/v1/{tenantId}/headers/{headerId}/terms', vars: () => header });
    await a.create({ termCode: 'N' });
    header = { headerId: 8 };
    await a.update(row(5, 'A'));
    expect(request.mock.calls.map((c) => c[0])).toEqual(['/x/v1/1/headers/7/terms', '/x/v1/1/headers/8/terms']);
  });

  it('reads bare-array answers as a page', () => {
    expect(platformConvention.page([row(1, 'A'), row(2, 'B')])).toEqual({ rows: [row(1, 'A'), row(2, 'B')], total: 2 });
  });
});

describe('table.virtual', () => {
  it('is refused by the checker: every table is virtualised, there is no switch to promise otherwise', async () => {
    const { validateScreenMeta } = await import('../../../renderer/schema/check/meta-validate.ts');
    const screen = (table: object) => ({ version: 1, kind: 'list', route: '/x/terms', title: 't', entity: 'term', table: { columns: ['termCode'], ...table } });
    expect(validateScreenMeta(screen({}), 'x.json')).toEqual([]);
    expect(validateScreenMeta(screen({ virtual: false }), 'x.json').map((p) => p.path)).toContain('/table');
  });
});
