import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import { term } from '../data/fixtures.ts';
import { WithServices, fakeLayout, testServices } from '../test-services.tsx';

afterEach(cleanup);
fakeLayout(1000, 600);

type Opts = { method?: string; query?: Record<string, unknown>; body?: Record<string, unknown> };
type Row = Record<string, unknown>;
/** Under a loaded machine the first render loads antd's chunks: more than waitFor's default second. */
const SLOW = { timeout: 8000 };

/** The term fixture with the field a wizard keeps its step in. */
const draft: EntityDecl = { ...term, name: 'draft', fields: [...term.fields, { name: 'step', type: 'string' }] };

const wizard = JSON.stringify({
  version: 1,
  kind: 'wizard',
  title: 'Register',
  entity: 'draft',
  routes: ['/x/register', '/x/register/code', '/x/register/name', '/x/register/preview'],
  data: { current: { url: '/x/v1/{tenantId}/terms/current' } },
  stepField: 'step',
  readOnly: "record.statusCode == 'RELEASED'",
  steps: [
    { key: 'code', route: '/x/register/code', title: 'Code', sections: [{ fields: ['termCode'] }] },
    { key: 'name', route: '/x/register/name', title: 'Name', sections: [{ fields: ['termName'] }] },
    { key: 'preview', route: '/x/register/preview', title: 'Preview', preview: true, actions: [{ type: 'transition', action: 'release', label: 'Submit' }] },
  ],
});

function mount(request: (url: string, opts?: Opts) => Promise<unknown>) {
  const s = testServices([draft], vi.fn(request) as RendererServices['request']);
  render(
    <WithServices services={s}>
      <ScreenHost file="x/register.json" load={async () => wizard} params={{}} />
    </WithServices>,
  );
  return s;
}

const field = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`input#field-${name}`)).not.toBeNull(), SLOW);
  return document.querySelector(`input#field-${name}`)!;
};

describe('the wizard page kind', () => {
  it('validates only the current step, saves the draft with the next step on "next", then shows that step', async () => {
    const calls: Array<[string, Opts | undefined]> = [];
    let stored: Row = {};
    mount(async (url, opts) => {
      calls.push([url, opts]);
      if (url.endsWith('/current')) return stored;
      if (opts?.method === 'POST') return (stored = { termId: 7, objectVersionNumber: 1, statusCode: 'NEW', ...opts.body });
      if (opts?.method === 'PUT') return (stored = { ...stored, ...opts.body, objectVersionNumber: 2 });
      return {};
    });
    expect((await screen.findByTestId('wizard-step-title', {}, SLOW)).textContent).toBe('Code');
    // Empty: the step's own required field stops it; the next step's required name does not matter yet.
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(document.querySelector('[data-field="termCode"] .ant-form-item-explain-error')).not.toBeNull());
    expect(calls.some(([, o]) => o?.method === 'POST')).toBe(false);
    fireEvent.change(await field('termCode'), { target: { value: 'NET30' } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title').textContent).toBe('Name'), SLOW);
    const created = calls.find(([, o]) => o?.method === 'POST')!;
    expect(created[1]!.body).toMatchObject({ termCode: 'NET30', step: 'name' });
    fireEvent.change(await field('termName'), { target: { value: 'Net 30 days' } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title').textContent).toBe('Preview'), SLOW);
    const updated = calls.find(([, o]) => o?.method === 'PUT')!;
    // The update carries the whole record (the first step's code too), its version and the step moved to.
    expect(updated[1]!.body).toMatchObject({ termId: 7, termCode: 'NET30', termName: 'Net 30 days', step: 'preview', objectVersionNumber: 1 });
    // The preview shows the earlier steps read-only and offers the step's action instead of "next".
    const code = document.querySelector('input#field-termCode') as HTMLInputElement;
    expect([code.value, code.disabled]).toEqual(['NET30', true]);
    expect(screen.queryByTestId('wizard-next')).toBeNull();
    expect(screen.getByText('Submit')).toBeTruthy();
  }, 20000);

  it('resumes a stored draft at the step it was left on', async () => {
    mount(async (url) => (url.endsWith('/current') ? { termId: 3, termCode: 'NET60', statusCode: 'NEW', step: 'name', objectVersionNumber: 4 } : {}));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title').textContent).toBe('Name'), SLOW);
    expect(screen.getByTestId('wizard-previous')).toBeTruthy();
  }, 20000);

  it('shows a submitted record read-only and moves without saving', async () => {
    const request = vi.fn(async (url: string, _opts?: Opts) => (url.endsWith('/current') ? { termId: 3, termCode: 'NET60', termName: 'Net 60', statusCode: 'RELEASED', step: 'code', objectVersionNumber: 4 } : {}));
    mount(request);
    await waitFor(() => expect(screen.getByTestId('wizard-step-title').textContent).toBe('Code'), SLOW);
    expect(screen.getByText(/read-only/)).toBeTruthy();
    expect((document.querySelector('input#field-termCode') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title').textContent).toBe('Name'), SLOW);
    expect(request.mock.calls.every(([, o]) => !(o as Opts | undefined)?.method)).toBe(true);
  }, 20000);
});
