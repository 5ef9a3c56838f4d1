import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { screenRoute } from '../../renderer/pages/screen-route.ts';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import type { Screen } from '../../renderer/schema/screen.ts';
import { testServices, WithServices } from './test-services.tsx';

afterEach(cleanup);

/** `data-screen` names the route pattern the page was opened by, also for screens declaring `routes`. */
const base = { version: 1, kind: 'dashboard', title: 'x', cards: [] } as const;

describe('screenRoute', () => {
  it('takes the pattern the host matched, else the one binding exactly the given parameters', () => {
    const s = { ...base, routes: ['/x/list', '/x/detail/:id', '/x/other'] } as unknown as Screen;
    expect(screenRoute(s, {}, '/x/other')).toBe('/x/other');
    expect(screenRoute(s, { id: '5' })).toBe('/x/detail/:id');
    expect(screenRoute(s, {})).toBe('/x/list');
    // A pattern the screen does not declare is not believed.
    expect(screenRoute(s, {}, '/elsewhere')).toBe('/x/list');
    expect(screenRoute({ ...base, route: '/y', routes: ['/y/:code'] } as unknown as Screen, { code: 'A' })).toBe('/y/:code');
  });

  it('puts the matched pattern on the page root through ScreenHost', async () => {
    const screen = { ...base, routes: ['/a/home', '/b/home'] } as unknown as Screen;
    const { container, findByText } = render(
      <WithServices services={testServices([])}>
        <ScreenHost file="x.json" screen={screen} params={{}} route="/b/home" />
        <span>ready</span>
      </WithServices>,
    );
    await findByText('ready');
    await expect.poll(() => container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('/b/home');
  });
});
