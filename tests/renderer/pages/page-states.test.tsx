import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import transition from '../../../renderer/actions/transition.ts';
import { PageState } from '../../../renderer/pages/PageState.tsx';
import type { ProgressReport, RendererServices } from '../../../renderer/contracts/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import { httpError, row, term } from '../data/fixtures.ts';
import { WithServices, fakeLayout, testServices } from '../test-services.tsx';

afterEach(cleanup);
fakeLayout(1000, 600);

type Opts = { method?: string; query?: Record<string, unknown>; body?: unknown };
const list = (toolbar: unknown[] = []) => JSON.stringify({ version: 1, kind: 'list', title: 'Terms', entity: 'term', search: { fields: ['termCode'] }, toolbar, table: { columns: ['termCode', 'termName'] } });
const detail = JSON.stringify({ version: 1, kind: 'detail', title: 'Term', entity: 'term', idParam: 'id', sections: [{ fields: ['termCode', 'termName'] }] });

function mount(doc: string, request: (url: string, opts?: Opts) => Promise<unknown>, params: Record<string, string> = {}) {
  const s = testServices([term], vi.fn(request) as RendererServices['request']);
  render(
    <WithServices services={s}>
      <ScreenHost file="x/terms.json" load={async () => doc} params={params} />
    </WithServices>,
  );
  return s;
}

describe('the state panel', () => {
  it('says it is loading, politely to screen readers', () => {
    render(
      <WithServices services={testServices([term])}>
        <PageState state="loading" />
      </WithServices>,
    );
    const status = screen.getByTestId('state-loading');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toContain('Loading…');
  });

  it('tells a refused person to ask for access, with no Retry (retrying cannot help)', () => {
    render(
      <WithServices services={testServices([term])}>
        <PageState state="problem" problem={{ kind: 'forbidden', message: 'Forbidden' }} onRetry={vi.fn()} />
      </WithServices>,
    );
    expect(screen.getByTestId('state-forbidden').textContent).toContain('You do not have permission to see this');
    expect(screen.getByTestId('state-forbidden').textContent).toContain('Ask your administrator');
    expect(screen.queryByTestId('state-retry')).toBeNull();
  });
});

describe('a list', () => {
  it('that fails with a server error says so and loads on Retry', async () => {
    let calls = 0;
    mount(list(), async (url) => {
      if (!url.endsWith('/terms')) return {};
      calls += 1;
      if (calls === 1) throw httpError(500, { message: 'Internal Server Error' });
      return { content: [row(1, 'A')], totalElements: 1 };
    });
    const failed = await screen.findByTestId('state-failed', {}, { timeout: 3000 });
    expect(failed.textContent).toContain('The data could not be loaded');
    expect(failed.textContent).toContain('Internal Server Error');
    await act(async () => fireEvent.click(screen.getByTestId('state-retry')));
    await waitFor(() => expect(document.querySelector('[data-row-key="1"]')).toBeTruthy());
    expect(screen.queryByTestId('state-failed')).toBeNull();
  });

  it('that the server refuses (403) says the person lacks permission instead of showing an empty list', async () => {
    mount(list(), async (url) => {
      if (url.endsWith('/terms')) throw httpError(403, { message: 'Forbidden' });
      return {};
    });
    expect((await screen.findByTestId('state-forbidden', {}, { timeout: 3000 })).textContent).toContain('You do not have permission');
    expect(screen.queryByTestId('state-empty')).toBeNull();
  });

  it('that is empty says what to do: add from the toolbar, or widen a search that found nothing', async () => {
    mount(list([{ type: 'refresh', label: 'Refresh' }]), async () => ({ content: [], totalElements: 0 }));
    expect((await screen.findByTestId('state-empty', {}, { timeout: 3000 })).textContent).toContain('Add one with the buttons above the table');
    fireEvent.change(document.querySelector('#search-termCode, [id$="termCode"]')!, { target: { value: 'ZZZ' } });
    await act(async () => fireEvent.click(screen.getByTestId('search-button')));
    await waitFor(() => expect(screen.getByTestId('state-empty').textContent).toContain('Nothing matches these conditions'));
  });
});

describe('a detail page', () => {
  it('that cannot read its record (network) shows the failure and reads it on Retry', async () => {
    let calls = 0;
    mount(
      detail,
      async (url) => {
        if (!url.includes('/terms/')) return {};
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('Network Error'), { status: 0, url });
        return row(5, 'E');
      },
      { id: '5' },
    );
    await screen.findByTestId('state-failed', {}, { timeout: 3000 });
    await act(async () => fireEvent.click(screen.getByTestId('state-retry')));
    await waitFor(() => expect((document.querySelector('#field-termCode') as HTMLInputElement | null)?.value).toBe('E'));
  });

  it('of a record the person may not see (403) or that is gone (404) says which', async () => {
    mount(detail, async (url) => (url.includes('/terms/') ? Promise.reject(httpError(403, { message: 'Forbidden' })) : {}), { id: '5' });
    await screen.findByTestId('state-forbidden', {}, { timeout: 3000 });
    cleanup();
    mount(detail, async (url) => (url.includes('/terms/') ? Promise.reject(httpError(404, { message: 'Not found' })) : {}), { id: '6' });
    expect((await screen.findByTestId('state-not-found', {}, { timeout: 3000 })).textContent).toContain('does not exist');
  });
});

describe('a transition of many selected rows', () => {
  function reporter() {
    const events: string[] = [];
    let retry: (() => void) | undefined;
    const report: ProgressReport = {
      update: (done, total) => events.push(`${done}/${total}`),
      done: (text) => events.push(`done: ${text}`),
      failed: (text, r) => {
        events.push(`failed: ${text}`);
        retry = r;
      },
    };
    return { events, report, retry: () => retry?.() };
  }

  it('reports its progress, stops at a failing row, and Retry carries on from that row', async () => {
    const moved: number[] = [];
    let failOnce = true;
    const s = testServices([term], vi.fn(async (url: string) => {
      const id = Number(/terms\/(\d+)/.exec(url)?.[1]);
      if (id === 2 && failOnce) {
        failOnce = false;
        throw httpError(500, { message: 'Server error' });
      }
      moved.push(id);
      return row(id, String(id));
    }) as RendererServices['request']);
    const p = reporter();
    s.progress = () => p.report;
    const refresh = vi.fn(async () => undefined);
    await transition({ action: { type: 'transition', action: 'release' }, services: s, entity: term, selected: [row(1, 'A'), row(2, 'B'), row(3, 'C')], params: {}, refresh });
    expect(moved).toEqual([1]);
    expect(p.events).toEqual(['0/3', '1/3', 'failed: 1 of 3 done, then stopped: Server error']);
    p.retry();
    await waitFor(() => expect(p.events.at(-1)).toBe('done: All 3 done'));
    expect(moved).toEqual([1, 2, 3]);
    expect(refresh).toHaveBeenCalled();
  });
});
