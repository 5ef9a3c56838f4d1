import { runInAction } from 'mobx';
import { classifySaveError, isRequestError, type SaveFailure } from '../data/request-errors.ts';
import type { DialogApi } from '../contracts/dialogs.ts';
import type { RendererServices } from '../contracts/services.ts';
import type { FormStore } from './FormStore.ts';

type Row = Record<string, unknown>;

export type SaveOutcome =
  | { ok: true; record: Row }
  /** `invalid`: the field to show (a rule of the form, or the field the server refused). */
  | { ok: false; invalid?: string; failure?: SaveFailure };

export interface SendOptions {
  mode: 'create' | 'update';
  /** The call that writes (an EntityApi's create or update). */
  send(body: Row): Promise<Row>;
  /** Sent on top of the form's values (a new line's link to its header). */
  extra?: Row;
  /** Offered when someone else saved the record meanwhile: reloads it (the edit is lost). */
  reload?(): Promise<void>;
}

/** Who tells the user: without it (inline lines) failures stay on the form for the caller to show. */
export interface FormEnv {
  s: RendererServices;
  dialogs?: DialogApi | null;
}

/** The form's own rules after computed values, then the fields' async server checks. */
export async function validateForm(form: FormStore): Promise<string | undefined> {
  form.applyComputed();
  return form.validateAll();
}

/**
 * Sends a validated form and reports the answer the same way for every form of the renderer:
 * success said once, a refused field marked on the field, a version conflict offered a reload,
 * any other failure said (unless the request layer already did).
 */
export async function sendForm(form: FormStore, o: SendOptions, env?: FormEnv): Promise<SaveOutcome> {
  runInAction(() => (form.saving = true));
  try {
    const record = await o.send({ ...form.payload(o.mode), ...o.extra });
    env?.s.notify.success(env.s.t('hzero.common.notification.success', 'Operation succeeded'));
    return { ok: true, record };
  } catch (e) {
    const failure = classifySaveError(e);
    if (env && !isRequestError(e)) env.s.notify.error(failure.message);
    if (failure.kind === 'field' && form.fields.some((f) => f.name === failure.field)) {
      form.setError(failure.field, `check:${failure.message}`);
      return { ok: false, invalid: failure.field, failure };
    }
    if (failure.kind === 'conflict' && o.reload && env?.dialogs) void offerReload(env.s, env.dialogs, failure.message, o.reload);
    return { ok: false, failure };
  } finally {
    runInAction(() => (form.saving = false));
  }
}

/** Validate, then send: what a form's Save button does. */
export async function submitForm(form: FormStore, o: SendOptions, env?: FormEnv): Promise<SaveOutcome> {
  const invalid = await validateForm(form);
  if (invalid) return { ok: false, invalid };
  return sendForm(form, o, env);
}

async function offerReload(s: RendererServices, dialogs: DialogApi, message: string, reload: () => Promise<void>): Promise<void> {
  const yes = await dialogs.confirm({
    title: s.t('hzero.common.message.conflict.title', 'The record was changed'),
    content: `${message} ${s.t('hzero.common.message.conflict.reload', 'Reload it now? Your changes will be lost.')}`,
    okText: s.t('hzero.common.button.reload', 'Reload'),
    cancelText: s.t('hzero.common.button.cancel', 'Cancel'),
  });
  if (yes) await reload();
}
