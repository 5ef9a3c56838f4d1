import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChildTable } from '../../../renderer/pages/detail/ChildTable.tsx';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import { resolveColumn } from '../../../renderer/schema/resolve-field.ts';
import type { DetailTab } from '../../../renderer/schema/screen.ts';
import { WithServices, fakeLayout, testRegistries, testServices } from '../test-services.tsx';
import { row, term } from './fixtures.ts';

const { cellRenderers } = testRegistries;

afterEach(cleanup);
fakeLayout(1000, 600);

type Opts = { method?: string; query?: Record<string, unknown>; body?: unknown };

describe('a list whose page cannot be fetched', () => {
  it('shows the error with a Retry that loads the page', async () => {
    let calls = 0;
    const request = vi.fn(async (url: string, _opts?: Opts) => {
      if (!url.endsWith('/terms')) return {};
      calls += 1;
      if (calls === 1) throw new Error('Network Error');
      return { content: [row(1, 'A')], totalElements: 1 };
    });
    const s = testServices([term], request as RendererServices['request']);
    const list = JSON.stringify({ version: 1, kind: 'list', title: 'Terms', entity: 'term', table: { columns: ['termCode', 'termName'] } });
    render(
      <WithServices services={s}>
        <ScreenHost file="x/terms.json" load={async () => list} params={{}} />
      </WithServices>,
    );
    const error = await screen.findByTestId('state-failed', {}, { timeout: 3000 });
    expect(error.textContent).toContain('Network Error');
    await act(async () => fireEvent.click(screen.getByTestId('state-retry')));
    await waitFor(() => expect(screen.queryByTestId('state-failed')).toBeNull());
    await waitFor(() => expect(document.querySelector('[data-row-key="1"]')).toBeTruthy());
  });
});

describe('a detail tab (ChildTable)', () => {
  const columns = ['termCode', 'termName'].map((c, i) => resolveColumn(term, c, `/${i}`));
  function mount(tab: DetailTab, request: (url: string, opts?: Opts) => Promise<unknown>) {
    const s = testServices([term], vi.fn(request) as RendererServices['request']);
    render(
      <WithServices services={s}>
        <ChildTable tab={tab} entity={term} columns={columns} vars={{ tenantId: 1, headerId: 7 }} params={{ headerId: '7' }} />
      </WithServices>,
    );
    return s;
  }

  it("renders the schema's rowActions and runs them like any table's", async () => {
    await cellRenderers.resolve('text');
    const tab: DetailTab = {
      title: 'Terms',
      kind: 'table',
      entity: 'term',
      filter: { headerId: '{headerId}' },
      table: { columns: ['termCode', 'termName'], rowActions: [{ type: 'navigate', label: 'Open', to: '/x/terms/{termId}' }, { type: 'navigate', label: 'Hidden', to: '/y', visible: "record.termCode == 'B'" }] },
    };
    const s = mount(tab, async () => ({ content: [row(1, 'A')] }));
    const open = await screen.findByRole('button', { name: 'Open' }, { timeout: 3000 });
    expect(s.request).toHaveBeenCalledWith('/x/v1/1/terms', { query: { page: 0, size: 1000, headerId: '7' } });
    expect(screen.queryByRole('button', { name: 'Hidden' })).toBeNull();
    expect(document.querySelector('[data-action="edit-line"]')).toBeNull();
    await act(async () => fireEvent.click(open));
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith('/x/terms/1'));
  });

  it('an editable tab without rowActions edits and deletes lines through the same actions, confirmed in the tab', async () => {
    const s = mount({ title: 'Terms', kind: 'table', entity: 'term', editable: true, filter: { headerId: '{headerId}' }, table: { columns: ['termCode', 'termName'] } }, async (_url, opts) =>
      opts?.method ? {} : { content: [row(1, 'A')] },
    );
    const del = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-action="delete-line"]');
      if (!b) throw new Error('no delete button yet');
      return b;
    });
    expect(document.querySelector('[data-action="edit-line"]')).toBeTruthy();
    expect(document.querySelector('[data-action="create-line"]')).toBeTruthy();
    fireEvent.click(del);
    const ok = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>('.ant-modal-confirm .ant-btn-primary');
      if (!b) throw new Error('no confirm yet');
      return b;
    });
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(s.request).toHaveBeenCalledWith('/x/v1/1/terms', { method: 'DELETE', body: [{ termId: 1, objectVersionNumber: 2 }] }));
    // The lines reload after the change.
    await waitFor(() => expect(vi.mocked(s.request).mock.calls.filter(([, o]) => !(o as Opts | undefined)?.method)).toHaveLength(2));
  });
});
