import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionButton } from '../../../renderer/actions/ActionButton.tsx';
import { useDialogs } from '../../../renderer/dialogs/dialog-api.ts';
import { DialogHost } from '../../../renderer/dialogs/DialogHost.tsx';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { ActionBase } from '../../../renderer/schema/screen.ts';
import { testServices, WithServices } from '../test-services.tsx';
import { term } from './fixtures.ts';

afterEach(cleanup);

function WhoAmI() {
  return <span data-testid="who">{useServices().user.loginName}</span>;
}

function Opener({ onResult }: { onResult(r: unknown): void }) {
  const dialogs = useDialogs()!;
  return (
    <>
      <button onClick={() => void dialogs.confirm({ content: 'Sure?' }).then(onResult)}>ask</button>
      <button onClick={() => void dialogs.open<string>({ title: 'Inner', testId: 'inner', render: (close) => <><WhoAmI /><button onClick={() => close('picked')}>pick</button></> }).then(onResult)}>open</button>
    </>
  );
}

describe('the dialog host draws dialogs inside the tab’s tree', () => {
  it('inherits the locale of the ConfigProvider and the renderer context', async () => {
    const onResult = vi.fn();
    render(
      <ConfigProvider locale={zhCN}>
        <WithServices services={testServices([term])}>
          <DialogHost>
            <Opener onResult={onResult} />
          </DialogHost>
        </WithServices>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByText('ask'));
    const confirm = await waitFor(() => {
      const el = document.querySelector('.ant-modal-confirm');
      if (!el) throw new Error('no confirm yet');
      return el as HTMLElement;
    });
    // antd's own texts come from the app's locale: a static Modal.confirm would say "OK".
    const ok = confirm.querySelector<HTMLButtonElement>('.ant-btn-primary')!;
    expect(ok.textContent).toMatch(/^确\s*定$/);
    fireEvent.click(ok);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));

    fireEvent.click(screen.getByText('open'));
    expect((await screen.findByTestId('who')).textContent).toBe('admin');
    fireEvent.click(screen.getByText('pick'));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('picked'));
    await waitFor(() => expect(screen.queryByTestId('inner')).toBeNull());
  });
});

const createScreen = (label: string) =>
  JSON.stringify({ version: 1, kind: 'create', title: 'New term', entity: 'term', sections: [{ fields: [{ field: 'termCode', label: { zh_CN: label, en_US: label } }, 'termName'] }] });

function renderAction(action: ActionBase, s: RendererServices, refresh = vi.fn(async () => undefined)) {
  render(
    <WithServices services={s}>
      <DialogHost>
        <ActionButton action={action} scope={{}} context={() => ({ entity: term, params: {}, refresh })} />
      </DialogHost>
    </WithServices>,
  );
  return { refresh, button: screen.getByRole('button') };
}

describe('a "modal" action', () => {
  it('opens the screen the host resolves (a stored page or tenant overlay), as tabs do, and refreshes after its submit', async () => {
    const request = vi.fn(async (_url: string, opts?: { method?: string; body?: unknown }) => (opts?.method === 'POST' ? { ...(opts.body as object), termId: 9 } : {}));
    const s: RendererServices = { ...testServices([term], request as RendererServices['request']), screenSource: vi.fn((file: string) => ({ file: `ui-page TERM_ORG (${file})`, load: async () => createScreen('Overlaid code') })) };
    const { refresh, button } = renderAction({ type: 'modal', screen: 'smdm/payment-terms.create.json', label: 'New' }, s);
    fireEvent.click(button);
    const dialog = await screen.findByTestId('action-modal', {}, { timeout: 5000 });
    await waitFor(() => expect(dialog.textContent).toContain('Overlaid code'), { timeout: 3000 });
    expect(s.screenSource).toHaveBeenCalledWith('smdm/payment-terms.create.json');
    fireEvent.change(dialog.querySelector('#field-termCode')!, { target: { value: 'N30' } });
    fireEvent.change(dialog.querySelector('#field-termName')!, { target: { value: 'Net 30' } });
    await act(async () => fireEvent.click(screen.getByTestId('submit-button')));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(request).toHaveBeenCalledWith('/x/v1/1/terms', { method: 'POST', body: { termCode: 'N30', termName: 'Net 30' } });
    await waitFor(() => expect(screen.queryByTestId('action-modal')).toBeNull());
  });
});

describe('ActionButton never swallows a failure', () => {
  it('says why a misplaced "form" action cannot work, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const s = testServices([term]);
    const { button } = renderAction({ type: 'form', label: 'Edit' }, s);
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(s.notify.error).toHaveBeenCalledWith(expect.stringContaining('"form" actions belong to a list with columns marked "editable": true')));
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('does not repeat what the request layer already said', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const request = vi.fn(async () => Promise.reject(Object.assign(new Error('Internal server error'), { status: 500, url: '/x' })));
    const s = testServices([term], request as RendererServices['request']);
    render(
      <WithServices services={s}>
        <ActionButton action={{ type: 'delete', label: 'Delete' }} scope={{}} context={() => ({ entity: term, params: {}, record: { termId: 1 }, refresh: async () => undefined })} />
      </WithServices>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button')));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(request).toHaveBeenCalledWith('/x/v1/1/terms', { method: 'DELETE', body: [{ termId: 1, objectVersionNumber: undefined }] });
    expect(s.notify.error).not.toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('a confirmed action', () => {
  it('acts on what was selected when it was clicked, though the rows change while the dialog is open', async () => {
    const request = vi.fn(async () => ({}));
    const s: RendererServices = testServices([term], request as unknown as RendererServices['request']);
    let selected: Array<Record<string, unknown>> = [{ termId: 1 }, { termId: 2 }];
    render(
      <WithServices services={s}>
        <DialogHost>
          <ActionButton
            action={{ type: 'request', label: 'Send', confirm: 'Send them?', url: '/x/send', method: 'POST', body: 'selected' } as unknown as ActionBase}
            scope={{}}
            context={() => ({ entity: term, params: {}, selected, refresh: async () => undefined })}
          />
        </DialogHost>
      </WithServices>,
    );
    fireEvent.click(screen.getByRole('button'));
    const ok = await waitFor(() => {
      const el = document.querySelector<HTMLButtonElement>('.ant-modal-confirm .ant-btn-primary');
      if (!el) throw new Error('no confirm yet');
      return el;
    });
    // A search answering late empties the list's selection under the open dialog.
    selected = [];
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect((request.mock.calls[0] as unknown[])[1]).toMatchObject({ method: 'POST', body: [{ termId: 1 }, { termId: 2 }] });
  });
});
