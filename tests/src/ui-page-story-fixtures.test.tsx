import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/custom/register.ts';
import { FailedResponseError } from '../../src/request/errors.ts';
import { DataSource } from '../../stories/data-source/index.ts';
import { ScreenStory } from '../../stories/support/screen-stories.tsx';
import { manifestEntries } from '../renderer/story-manifest.ts';

afterEach(cleanup);

/** The stories' in-browser data source answers the /hpfm/ui/page calls from the seed's pages. */
type Page = { content: Array<Record<string, unknown>>; totalElements: number };
type Designer = { pageCode: string; content: string; versionNumber: number; publishedVersion: number | null; objectVersionNumber: number; overlayFlag: number; statusCode: string };

describe('stored pages in the story data source', () => {
  it('lists the seed pages (site), filters them, and a tenant sees the published site page it inherits', async () => {
    const ds = new DataSource({ latency: 0 });
    const site = await ds.request<Page>('/hpfm/v1/ui-pages', { query: { page: 0, size: 20 } }, 'en_US');
    expect(site.content.map((r) => r.pageCode)).toEqual(['HPFM.DEMO.PAYMENT_TERMS', 'SODR.SEND_ORDER.LIST']);
    expect(site.content[0]).toMatchObject({ statusCode: 'PUBLISHED', statusMeaning: expect.any(String) });
    expect(site.content[0]!.content).toBeUndefined();
    expect((await ds.request<Page>('/hpfm/v1/ui-pages', { query: { statusCode: 'DRAFT' } })).content.map((r) => r.pageCode)).toEqual(['SODR.SEND_ORDER.LIST']);
    const tenant = await ds.request<Page>('/hpfm/v1/1/ui-pages');
    expect(tenant.content.map((r) => r.pageCode)).toEqual(['HPFM.DEMO.PAYMENT_TERMS']);
  });

  it('opens a page in the designer, saves a version, refuses an invalid publish, publishes, and serves the route', async () => {
    const ds = new DataSource({ latency: 0 });
    const page = await ds.request<Designer>('/hpfm/v1/ui-pages/SODR.SEND_ORDER.LIST');
    expect(JSON.parse(page.content).route).toBe('/sodr/send-order/list');
    expect(await ds.request('/hpfm/v1/1/ui-pages/published-routes')).toEqual({});

    const broken = page.content.replace('"kind": "list"', '"kind": 5');
    const saved = await ds.request<Designer & { problems: unknown[] }>('/hpfm/v1/ui-pages/detail', { method: 'PUT', body: { pageCode: page.pageCode, content: broken, objectVersionNumber: page.objectVersionNumber } });
    expect(saved.versionNumber).toBe(2);
    expect(saved.problems.length).toBeGreaterThan(0);
    const refused = await ds.request('/hpfm/v1/ui-pages/SODR.SEND_ORDER.LIST/publish', { method: 'POST' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FailedResponseError);
    expect((refused as FailedResponseError).body).toMatchObject({ problems: [expect.objectContaining({ path: '/kind' })] });

    await ds.request('/hpfm/v1/ui-pages/SODR.SEND_ORDER.LIST/rollback', { method: 'POST', body: { versionNumber: 1 } });
    const published = await ds.request<Designer>('/hpfm/v1/ui-pages/SODR.SEND_ORDER.LIST/publish', { method: 'POST' });
    expect([published.statusCode, published.publishedVersion]).toEqual(['PUBLISHED', 3]);
    expect(await ds.request('/hpfm/v1/1/ui-pages/published-routes')).toEqual({ '/sodr/send-order/list': 'SODR.SEND_ORDER.LIST' });
    const runtime = await ds.request<{ content: string }>('/hpfm/v1/1/ui-pages/common/SODR.SEND_ORDER.LIST');
    expect(JSON.parse(runtime.content).kind).toBe('list');
    const history = await ds.request<Array<{ actionCode: string }>>('/hpfm/v1/ui-pages/SODR.SEND_ORDER.LIST/history');
    expect(history.map((v) => v.actionCode)).toEqual(['PUBLISH', 'ROLLBACK', 'SAVE', 'CREATE']);
  });

  it('gives a tenant an overlay over the site page it inherits, merged in its preview', async () => {
    const ds = new DataSource({ latency: 0 });
    const inherited = await ds.request<Designer & { inherited: boolean }>('/hpfm/v1/1/ui-pages/HPFM.DEMO.PAYMENT_TERMS');
    expect([inherited.overlayFlag, inherited.inherited]).toEqual([1, true]);
    const base = JSON.parse((await ds.request<{ content: string }>('/hpfm/v1/1/ui-pages/common/HPFM.DEMO.PAYMENT_TERMS')).content) as { table: { columns: Array<string | { field: string }> } };
    const first = base.table.columns[0]!;
    const name = typeof first === 'string' ? first : first.field;
    await ds.request('/hpfm/v1/1/ui-pages/detail', { method: 'PUT', body: { pageCode: 'HPFM.DEMO.PAYMENT_TERMS', content: JSON.stringify({ overlay: 1, columns: { [name]: { hidden: true } } }) } });
    const preview = JSON.parse((await ds.request<{ content: string }>('/hpfm/v1/1/ui-pages/preview/HPFM.DEMO.PAYMENT_TERMS')).content) as typeof base;
    expect(preview.table.columns).toHaveLength(base.table.columns.length - 1);
  });
});

describe('the /hpfm/ui/page stories', () => {
  const entry = (file: string) => manifestEntries().find((s) => s.file === file)!;

  // Rows are virtualised (none in happy-dom's zero-height layout): the pager's total tells what was listed.
  it('lists the fixture pages in the page list story', async () => {
    render(<ScreenStory entry={entry('hpfm/ui-page.list.json')} params={{}} language="en_US" siteMode />);
    expect(await screen.findByText(/\b2 items/, {}, { timeout: 10000 })).toBeTruthy();
  }, 20000);

  it('renders a stored draft in the preview story over fixture rows', async () => {
    render(<ScreenStory entry={entry('hpfm/ui-page.preview.custom.json')} params={{ pageCode: 'SODR.SEND_ORDER.LIST' }} language="en_US" siteMode />);
    await screen.findByTestId('ui-page-preview', {}, { timeout: 10000 });
    expect(await screen.findByText(/\b23 items/, {}, { timeout: 10000 })).toBeTruthy();
    expect(screen.queryByTestId('schema-error')).toBeNull();
  }, 20000);
});
