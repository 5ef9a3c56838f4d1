import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { entityBase } from '../../renderer/data/endpoints.ts';
import { fillUrl } from '../../renderer/data/url-template.ts';
import { DataSource, DataSourceError, STORY_USER } from '../../stories/data-source/index.ts';
import { ScreenStory, screenParams } from '../../stories/support/screen-stories.tsx';
import { manifestEntries } from './story-manifest.ts';
import { meaningOf } from '../../renderer/schema/meaning.ts';

const screens = manifestEntries();

afterEach(cleanup);

type Page = { content: Record<string, unknown>[]; totalElements: number };

describe('the stories’ in-browser data source', () => {
  const ds = new DataSource({ latency: 0 });
  const base = (name: string) => fillUrl(entityBase(ds.entities.get(name)!, false), { ...STORY_USER });

  it('lists, pages and sorts every declared entity', async () => {
    for (const e of ds.entities.values()) {
      // A base filed under a parent (`/events/{eventId}/rules`) lists that parent's rows: checked on its own below.
      if (/\{(?!tenantId\})\w+\}/.test(entityBase(e, false))) continue;
      const page = await ds.request<Page>(base(e.name), { query: { page: 1, size: 10 } });
      expect(page.totalElements, e.name).toBe(ds.store.rowsPerEntity);
      expect(page.content, e.name).toHaveLength(10);
      for (const f of e.fields.filter((x) => x.sortable && !x.private)) {
        const sorted = await ds.request<Page>(base(e.name), { query: { size: 100, sort: `${f.name},asc` } });
        expect(sorted.content, `${e.name} by ${f.name}`).toHaveLength(ds.store.rowsPerEntity);
      }
    }
  });

  it("lists a resource filed under its parent by the path's parent key, and writes rows under it", async () => {
    const e = ds.entities.get('eventRule')!;
    const all = await ds.request<Page>(fillUrl(entityBase(e, false).replace('{eventId}', '1'), { ...STORY_USER }), { query: { size: 100 } });
    expect(all.content.length).toBeGreaterThan(0);
    expect(all.content.every((r) => r.eventId === 1)).toBe(true);
    const made = await ds.request<Record<string, unknown>>('/hpfm/v1/events/2/rules', { method: 'POST', body: { orderSeq: 1, callType: 'M' } });
    expect(made.eventId).toBe(2);
  });

  it('filters by declared fields and adds value-set meanings', async () => {
    const e = ds.entities.get('poHeader')!;
    const all = await ds.request<Page>(base('poHeader'), { query: { size: 100 } });
    const status = String(all.content[0]!.statusCode);
    const hits = await ds.request<Page>(base('poHeader'), { query: { size: 100, statusCode: status } });
    expect(hits.totalElements).toBe(all.content.filter((r) => r.statusCode === status).length);
    const lovField = e.fields.find((f) => f.lov && all.content[0]![f.name] != null)!;
    expect(all.content[0]![meaningOf(lovField.name)]).toBeTypeOf('string');
    await expect(ds.request(base('poHeader'), { query: { sort: 'noSuchField,asc' } })).rejects.toBeInstanceOf(DataSourceError);
  });

  it('answers decimal columns as the server does: decimal text with the scale, sorted as decimals', async () => {
    const lines = await ds.request<Page>(base('poLine'), { query: { size: 100, sort: 'unitPrice,desc' } });
    const prices = lines.content.map((r) => r.unitPrice).filter((v) => v !== null);
    expect(prices.length).toBeGreaterThan(1);
    for (const p of prices) expect(p).toMatch(/^-?\d+\.\d{2}$/);
    for (let i = 1; i < prices.length; i++) expect(Number(prices[i - 1])).toBeGreaterThanOrEqual(Number(prices[i]));
    expect(typeof lines.content[0]!.lineNum).toBe('number');
    const made = await ds.request<Record<string, unknown>>(base('poLine'), { method: 'POST', body: { poHeaderId: 1, lineNum: 99, itemCode: 'D', itemName: 'Decimal', quantity: 2, unitPrice: '0.1' } });
    expect(made).toMatchObject({ quantity: '2.00', unitPrice: '0.10' });
  });

  it('creates, reads, updates with the version, runs declared transitions and deletes in memory', async () => {
    const e = ds.entities.get('poHeader')!;
    const url = base('poHeader');
    const first = (await ds.request<Page>(url, { query: { size: 1, sort: `${e.primaryKey},asc` } })).content[0]!;
    const id = first[e.primaryKey];
    const got = await ds.request<Record<string, unknown>>(`${url}/${String(id)}`);
    const saved = await ds.request<Record<string, unknown>>(`${url}/${String(id)}`, { method: 'PUT', body: { ...got, remark: 'changed' } });
    expect(saved.objectVersionNumber).toBe(Number(got.objectVersionNumber) + 1);
    await expect(ds.request(`${url}/${String(id)}`, { method: 'PUT', body: { ...got, remark: 'stale' } })).rejects.toMatchObject({ status: 409 });
    const [action, tr] = Object.entries(e.status!.transitions).find(([, t]) => t.from.includes(String(saved[e.status!.field])))!;
    const moved = await ds.request<Record<string, unknown>>(`${url}/${String(id)}/actions/${action}`, { method: 'POST', body: { objectVersionNumber: saved.objectVersionNumber } });
    expect(moved[e.status!.field]).toBe(tr.to);
    await ds.request(url, { method: 'DELETE', body: [{ [e.primaryKey]: id, objectVersionNumber: moved.objectVersionNumber }] });
    await expect(ds.request(`${url}/${String(id)}`)).rejects.toMatchObject({ status: 404 });
  });

  it('answers value sets, LOV views and prompt bundles from schemas/', async () => {
    const code = ds.lovs.codes()[0]!;
    const values = await ds.request<Array<{ value: string; meaning: string }>>('/hpfm/v1/1/lovs/value', { query: { lovCode: code } }, 'en_US');
    expect(values.length).toBeGreaterThan(0);
    const viewCode = ds.lovs.viewCodes()[0]!;
    const view = await ds.request<{ lovCode: string; tableFields: unknown[] }>('/hpfm/v1/1/lov-view/info', { query: { viewCode } });
    const data = await ds.request<Page>('/hpfm/v1/1/lovs/data', { query: { lovCode: view.lovCode, page: 0, size: 5 } });
    expect(data.content.length).toBeGreaterThan(0);
    const prompts = await ds.request<Record<string, string>>('/hpfm/v1/prompt/en_US', { query: { promptKey: 'hzero.common' } });
    expect(prompts['hzero.common.button.create']).toBe('Create');
  });

  it('finds route parameters for every screen from its first fixture row', async () => {
    for (const entry of screens) {
      const params = await screenParams(entry);
      for (const name of [...(entry.routes[0] ?? '').matchAll(/:(\w+)/g)].map((m) => m[1]!)) expect(params[name], `${entry.file} :${name}`).toBeTruthy();
    }
  });

  it('renders a list screen story with fixture rows', async () => {
    const entry = screens.find((s) => s.file === 'hiam/user.list.json') ?? screens.find((s) => s.kind === 'list')!;
    render(<ScreenStory entry={entry} params={{}} language="en_US" />);
    expect(await screen.findAllByRole('row', {}, { timeout: 5000 })).not.toHaveLength(0);
  });
});
