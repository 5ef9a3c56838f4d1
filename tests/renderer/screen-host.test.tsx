import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import userEntity from '../../schemas/entities/hiam/user.json';
import { testServices, WithServices } from './test-services.tsx';

afterEach(cleanup);
// The error panel is a lazy chunk (with antd's Alert): loaded once here, so the tests time the
// rendering, not this test worker transforming antd on first use.
beforeAll(async () => {
  await import('../../renderer/errors/SchemaErrorPanel.tsx');
}, 60_000);

const services = testServices([userEntity as unknown as EntityDecl]);
const host = (text: string) =>
  render(
    <WithServices services={services}>
      <ScreenHost file="hiam/broken.json" load={async () => text} params={{}} />
    </WithServices>,
  );

describe('a bad schema shows an error panel naming the file and path, never a white page', () => {
  it('invalid JSON: line and column', async () => {
    host('{\n  "version": 1,\n  "kind": "list",,\n}');
    const panel = await screen.findByTestId('schema-error');
    expect(panel.textContent).toContain('schemas/hiam/broken.json');
    expect(panel.textContent).toMatch(/not valid JSON \(line 3, column \d+\)/);
  });

  it('unknown kind', async () => {
    host(JSON.stringify({ version: 1, kind: 'grid', title: 'x' }));
    const panel = await screen.findByTestId('schema-error');
    expect(panel.textContent).toContain('/kind');
    expect(panel.textContent).toContain('unknown kind "grid"');
  });

  it('unknown field, with a suggestion', async () => {
    host(JSON.stringify({ version: 1, kind: 'list', title: 'x', entity: 'user', table: { columns: ['loginName', 'realNme'] } }));
    const panel = await screen.findByTestId('schema-error', {}, { timeout: 3000 });
    expect(panel.textContent).toContain('/table/columns/1');
    expect(panel.textContent).toContain('did you mean "realName"');
  });

  it('broken expression', async () => {
    host(JSON.stringify({ version: 1, kind: 'detail', title: 'x', entity: 'user', sections: [{ fields: [{ field: 'email', visible: 'record.enabledFlag ==' }] }] }));
    const panel = await screen.findByTestId('schema-error', {}, { timeout: 3000 });
    expect(panel.textContent).toContain('/sections/0/fields/0/visible');
  });

  it('unknown widget', async () => {
    host(JSON.stringify({ version: 1, kind: 'create', title: 'x', entity: 'user', sections: [{ fields: [{ field: 'email', widget: 'rainbow' }] }] }));
    await waitFor(() => expect(screen.getByTestId('schema-error').textContent).toContain('/sections/0/fields/0/widget'), { timeout: 3000 });
  });
});

describe('a screen that cannot be fetched offers a retry, not a schema error', () => {
  it('shows the chunk message and loads the screen when retried', async () => {
    let calls = 0;
    const text = JSON.stringify({ version: 1, kind: 'dashboard', title: 'x', cards: [] });
    render(
      <WithServices services={services}>
        <ScreenHost
          file="hiam/flaky.json"
          load={async () => {
            calls += 1;
            if (calls === 1) throw new Error('Loading chunk hiam/flaky.json failed.');
            return text;
          }}
          params={{}}
        />
      </WithServices>,
    );
    const panel = await screen.findByTestId('load-failed');
    expect(panel.textContent).toContain('Loading chunk hiam/flaky.json failed.');
    expect(screen.queryByTestId('schema-error')).toBeNull();
    screen.getByTestId('load-retry').click();
    await waitFor(() => expect(screen.queryByTestId('load-failed')).toBeNull());
    expect(calls).toBe(2);
  });
});
