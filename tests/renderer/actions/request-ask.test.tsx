import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionButton } from '../../../renderer/actions/ActionButton.tsx';
import { DialogHost } from '../../../renderer/dialogs/DialogHost.tsx';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { ActionBase } from '../../../renderer/schema/screen.ts';
import { term } from '../data/fixtures.ts';
import { testServices, WithServices } from '../test-services.tsx';

afterEach(cleanup);

const open: ActionBase = {
  type: 'request',
  label: 'Open bids',
  url: '/ssrc/v1/{tenantId}/bid/{id}/open',
  body: 'none',
  ask: [{ name: 'password', label: 'Opening password', widget: 'password', required: true }],
};

function renderOpen(request: RendererServices['request']) {
  const refresh = vi.fn(async () => undefined);
  render(
    <WithServices services={testServices([term], request)}>
      <DialogHost>
        <ActionButton action={open} scope={{}} context={() => ({ entity: term, params: { id: '7' }, refresh })} />
      </DialogHost>
    </WithServices>,
  );
  return refresh;
}

describe('a request action that asks first', () => {
  it('sends nothing until the asked value is given, says a refusal under its input and keeps what was typed, then sends it and refreshes', async () => {
    const request = vi.fn(async (_url: string, opts?: { body?: unknown }) => {
      if ((opts?.body as { password?: string }).password !== 'right') throw Object.assign(new Error('400'), { status: 400, url: _url, body: { failed: true, field: 'password', message: 'The opening password of TD1 is not right' } });
      return {};
    });
    const refresh = renderOpen(request as RendererServices['request']);
    fireEvent.click(screen.getByRole('button', { name: 'Open bids' }));
    // The dialog's code loads on first use (its lookup widget brings the LOV's): a cold load may take seconds.
    const input = (await screen.findByTestId('ask-form', {}, { timeout: 15000 })).querySelector<HTMLInputElement>('#ask-password')!;
    fireEvent.click(screen.getByTestId('ask-submit'));
    // Required: no call without it.
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/required|不能为空/));
    expect(request).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('ask-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toContain('not right'));
    expect(request).toHaveBeenCalledWith('/ssrc/v1/1/bid/7/open', { method: 'POST', body: { password: 'wrong' } });
    expect(screen.getByTestId('ask-form')).toBeTruthy();
    expect(input.value).toBe('wrong');
    expect(refresh).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'right' } });
    fireEvent.click(screen.getByTestId('ask-submit'));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('ask-form')).toBeNull());
  }, 30_000);

  it('calls nothing when the dialog is cancelled', async () => {
    const request = vi.fn(async () => ({}));
    const refresh = renderOpen(request as RendererServices['request']);
    fireEvent.click(screen.getByRole('button', { name: 'Open bids' }));
    await screen.findByTestId('ask-form');
    fireEvent.click(screen.getByRole('button', { name: /cancel|取\s*消/i }));
    await waitFor(() => expect(screen.queryByTestId('ask-form')).toBeNull());
    expect(request).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
