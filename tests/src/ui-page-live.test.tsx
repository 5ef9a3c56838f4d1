import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveScreenHost, type ScreenSource } from '../../src/routes/LiveScreenHost.tsx';
import { WorkspaceStore } from '../../src/stores/WorkspaceStore.ts';
import { testServices, WithServices } from '../renderer/test-services.tsx';

/** A publish heard while a route is open: the tab follows it, unless the page has unsaved changes. */
const routes = vi.hoisted(() => ({ answer: {} as Record<string, string>, calls: 0 }));
vi.mock('../../src/request/request.ts', () => ({
  request: vi.fn(async (url: string) => {
    routes.calls++;
    if (url.endsWith('/published-routes')) return routes.answer;
    throw new Error(`unexpected ${url}`);
  }),
}));
const { storedRoutes } = await import('../../src/routes/stored-routes.ts');

afterEach(cleanup);
// The error panel is a lazy chunk (with antd's Alert): loaded once here, so the tests time the
// rendering, not this test worker transforming antd on first use.
beforeAll(async () => {
  await import('../../renderer/errors/SchemaErrorPanel.tsx');
}, 60_000);

// Each version is a schema whose kind is unknown, so ScreenHost shows its error panel naming it:
// which version is on screen is then plain text, with no page kind to load.
const version = (n: number): ScreenSource => ({ key: `/x@P#${n}`, file: `v${n}`, load: async () => JSON.stringify({ version: 1, kind: `kind${n}`, title: 't' }), params: {} });
const services = testServices([]);
const shown = () => screen.getByTestId('schema-error').textContent ?? '';

function host(source: ScreenSource, canReplace: () => Promise<boolean>) {
  return render(
    <WithServices services={services}>
      <LiveScreenHost source={source} canReplace={canReplace} />
    </WithServices>,
  );
}

describe('an open tab follows a published change of its route', () => {
  it('shows the new version at once when the page has nothing to lose', async () => {
    const view = host(version(1), async () => true);
    await waitFor(() => expect(shown()).toContain('kind1'));
    view.rerender(
      <WithServices services={services}>
        <LiveScreenHost source={version(2)} canReplace={async () => true} />
      </WithServices>,
    );
    await waitFor(() => expect(shown()).toContain('kind2'));
    expect(screen.queryByTestId('page-updated')).toBeNull();
  });

  it('keeps a page with unsaved changes and offers the reload instead', async () => {
    const view = host(version(1), async () => false);
    await waitFor(() => expect(shown()).toContain('kind1'));
    view.rerender(
      <WithServices services={services}>
        <LiveScreenHost source={version(2)} canReplace={async () => false} />
      </WithServices>,
    );
    await screen.findByTestId('page-updated');
    expect(shown()).toContain('kind1');
    fireEvent.click(screen.getByTestId('page-updated-reload'));
    await waitFor(() => expect(shown()).toContain('kind2'));
    expect(screen.queryByTestId('page-updated')).toBeNull();
  });
});

describe("a tab's page may be replaced quietly unless its before-close guard would ask", () => {
  it('runs the guard with its question answered "cancel", unseen', async () => {
    const ws = new WorkspaceStore(undefined);
    const confirm = vi.fn(() => true);
    window.confirm = confirm;
    expect(await ws.closesQuietly('t1')).toBe(true);
    let dirty = false;
    ws.onBeforeTabRemove('t1', () => !dirty || window.confirm('unsaved'));
    expect(await ws.closesQuietly('t1')).toBe(true);
    dirty = true;
    expect(await ws.closesQuietly('t1')).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
    // The real question is back for a real close.
    expect(window.confirm).toBe(confirm);
  });
});

describe('stored routes hear changes of pages', () => {
  beforeEach(() => {
    routes.calls = 0;
  });

  it('reloads the routes and bumps the page generation once per change, for its tenant or the site', async () => {
    const listeners: Array<(m: Record<string, unknown>) => void> = [];
    routes.answer = {};
    storedRoutes.ensure(1, { onPush: (fn) => (listeners.push(fn), () => undefined) });
    await waitFor(() => expect(storedRoutes.ready).toBe(true));
    expect(storedRoutes.match('/sodr/send-order/list')).toBeUndefined();

    routes.answer = { '/sodr/send-order/list': 'P' };
    const push = (m: Record<string, unknown>) => act(() => listeners.forEach((l) => l(m)));
    const before = routes.calls;
    push({ type: 'ui-page.changed', tenantId: 1, pageCode: 'P', route: '/sodr/send-order/list', versionNumber: 2 });
    await waitFor(() => expect(storedRoutes.generation('P')).toBe(1));
    expect(storedRoutes.match('/sodr/send-order/list')).toMatchObject({ pageCode: 'P', generation: 1 });
    // The same change again (the push after the designer's own broadcast) is heard once.
    push({ type: 'ui-page.changed', tenantId: 1, pageCode: 'P', route: '/sodr/send-order/list', versionNumber: 2 });
    // Another tenant's page is not ours; the site's is everyone's.
    push({ type: 'ui-page.changed', tenantId: 2, pageCode: 'P', route: '/sodr/send-order/list', versionNumber: 3 });
    push({ type: 'message.count', tenantId: 1, unreadMessageCount: 3 });
    expect(routes.calls).toBe(before + 1);
    push({ type: 'ui-page.changed', tenantId: 0, pageCode: 'P', route: '/sodr/send-order/list', versionNumber: 3 });
    await waitFor(() => expect(storedRoutes.generation('P')).toBe(2));
    expect(routes.calls).toBe(before + 2);
  });
});
