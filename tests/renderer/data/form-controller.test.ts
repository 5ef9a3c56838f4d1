import { describe, expect, it, vi } from 'vitest';
import type { DialogApi } from '../../../renderer/contracts/dialogs.ts';
import { submitForm } from '../../../renderer/form/form-controller.ts';
import { FormStore } from '../../../renderer/form/FormStore.ts';
import { resolveField } from '../../../renderer/schema/resolve-field.ts';
import { testServices } from '../test-services.tsx';
import { businessError, httpError, row, term } from './fixtures.ts';

function setup(values: Record<string, unknown> = row(1, 'A')) {
  const s = testServices([term]);
  const fields = ['termCode', 'termName'].map((f, i) => resolveField(term, f, `/${i}`));
  const form = new FormStore(term, fields, values, () => ({}), (f) => f.name);
  const dialogs: DialogApi = { open: vi.fn(), confirm: vi.fn(async () => true) };
  return { s, form, dialogs };
}

describe('the form controller (every form: detail, create, record dialog, inline line)', () => {
  it('validates first and sends nothing while a field is invalid', async () => {
    const { s, form } = setup({ termCode: 'TOO-LONG-CODE' });
    const send = vi.fn();
    expect(await submitForm(form, { mode: 'create', send }, { s })).toEqual({ ok: false, invalid: 'termCode' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the payload with the extra values and says success once', async () => {
    const { s, form } = setup();
    const send = vi.fn(async (body: Record<string, unknown>) => ({ ...body, objectVersionNumber: 3 }));
    const r = await submitForm(form, { mode: 'update', send, extra: { headerId: 7 } }, { s });
    expect(send).toHaveBeenCalledWith({ ...row(1, 'A'), headerId: 7 });
    expect(r).toEqual({ ok: true, record: { ...row(1, 'A'), headerId: 7, objectVersionNumber: 3 } });
    expect(s.notify.success).toHaveBeenCalledTimes(1);
    expect(form.saving).toBe(false);
  });

  it("marks the field the server refused with the server's message", async () => {
    const { s, form } = setup();
    const send = vi.fn(async () => Promise.reject(httpError(400, { failed: true, code: 'error.validation', field: 'termName', message: 'body.termName must be shorter' })));
    const r = await submitForm(form, { mode: 'update', send }, { s });
    expect(r).toMatchObject({ ok: false, invalid: 'termName', failure: { kind: 'field' } });
    expect(form.errors.termName).toBe('check:body.termName must be shorter');
    // The request layer has already notified; nothing is said twice.
    expect(s.notify.error).not.toHaveBeenCalled();
  });

  it('offers a reload after a version conflict, and reloads when accepted', async () => {
    const { s, form, dialogs } = setup();
    const reload = vi.fn(async () => undefined);
    const send = vi.fn(async () => Promise.reject(businessError('error.data.changed', 'The record was changed by someone else')));
    const r = await submitForm(form, { mode: 'update', send, reload }, { s, dialogs });
    expect(r).toMatchObject({ ok: false, failure: { kind: 'conflict', message: 'The record was changed by someone else' } });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(dialogs.confirm).mock.calls[0]![0].content).toContain('The record was changed by someone else');
    // The edit stays in the form until the reload replaces it.
    expect(form.values.termCode).toBe('A');
  });

  it('keeps the form when the reload is declined', async () => {
    const { s, form, dialogs } = setup();
    vi.mocked(dialogs.confirm).mockResolvedValueOnce(false);
    const reload = vi.fn(async () => undefined);
    await submitForm(form, { mode: 'update', send: async () => Promise.reject(httpError(409, { message: 'stale' })), reload }, { s, dialogs });
    await vi.waitFor(() => expect(dialogs.confirm).toHaveBeenCalled());
    expect(reload).not.toHaveBeenCalled();
  });

  it("marks the field a status locks instead of offering a reload (a 409 with the server's own code)", async () => {
    const { s, form, dialogs } = setup();
    const reload = vi.fn(async () => undefined);
    const send = async () => Promise.reject(httpError(409, { failed: true, code: 'error.status.locked', field: 'termName', message: 'termName cannot change while the record is APPROVING' }));
    const r = await submitForm(form, { mode: 'update', send, reload }, { s, dialogs });
    expect(r).toMatchObject({ ok: false, invalid: 'termName', failure: { kind: 'field' } });
    expect(dialogs.confirm).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('says a failure the request layer did not report (not an HTTP answer)', async () => {
    const { s, form } = setup();
    const r = await submitForm(form, { mode: 'create', send: async () => Promise.reject(new Error('URL needs {headerId}')) }, { s });
    expect(r).toMatchObject({ ok: false, failure: { kind: 'other' } });
    expect(s.notify.error).toHaveBeenCalledWith('URL needs {headerId}');
  });
});
