import { fillUrl, urlParams } from '../data/url-template.ts';
import type { FormStore } from '../form/FormStore.ts';
import type { RendererServices } from '../contracts/services.ts';
import type { ResolvedField } from '../schema/resolve-field.ts';

/** Wait after a blur before asking the server, so tabbing through a form sends one request. */
export const CHECK_DEBOUNCE_MS = 300;

type Answer = { valid?: boolean; message?: string } | boolean | null | undefined;

/**
 * The async check of one field (`"check": {"url": ".../users/check?loginName={value}"}`): asked on
 * blur (debounced) and before save, for the value the field holds then. A change of the value
 * drops the pending answer (it would be about a value no longer there) and clears the message.
 * The last answer is remembered per value, so saving right after a blur does not ask twice.
 */
export class FieldCheckRunner {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last: { value: string; result: Promise<string | undefined> } | undefined;

  constructor(
    private readonly field: ResolvedField,
    private readonly store: FormStore,
    private readonly s: RendererServices,
  ) {}

  /** On blur: ask after the debounce; the message appears under the field when it fails. */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, CHECK_DEBOUNCE_MS);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Asks now (or reuses the answer for this value); resolves the failure message, undefined when it passes. */
  run(): Promise<string | undefined> {
    this.cancel();
    const raw = this.store.values[this.field.name];
    if (raw === undefined || raw === null || raw === '') return Promise.resolve(undefined);
    // A value the form's own rules refuse is not worth a request; that error shows instead.
    if (this.store.errors[this.field.name] && !this.store.errors[this.field.name]!.startsWith('check:')) return Promise.resolve(undefined);
    const value = String(raw);
    if (this.last?.value !== value) this.last = { value, result: this.ask(value) };
    const asked = this.last.result;
    return asked.then((msg) => {
      // Only an answer about the value still in the field counts.
      if (String(this.store.values[this.field.name] ?? '') !== value) return undefined;
      this.store.setError(this.field.name, msg === undefined ? undefined : `check:${msg}`);
      return msg;
    });
  }

  private async ask(value: string): Promise<string | undefined> {
    const check = this.field.check!;
    const scope = this.store.scope() as { route?: Record<string, unknown> };
    // The record's key is the record's even when absent (create): the user's `id` must not stand in for it.
    const pk = this.store.entity.primaryKey;
    const vars: Record<string, unknown> = { ...this.s.user, ...(scope.route ?? {}), ...this.store.values, [pk]: this.store.values[pk], value };
    // Unbound names (the id of a record not yet created) become empty and their parameters are dropped.
    for (const name of urlParams(check.url)) if (vars[name] === undefined || vars[name] === null) vars[name] = '';
    const [path, search] = check.url.split('?');
    const query: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(search ?? '')) query[k] = v.replace(/\{(\w+)\}/g, (_m, n: string) => String(vars[n] ?? ''));
    const declared = check.message ? this.s.label(check.message) : undefined;
    const fallback = this.s.t('hzero.common.validation.check', '{{label}} is not accepted', { label: this.s.label(this.field.label) });
    try {
      const answer = await this.s.request<Answer>(fillUrl(path!, vars, { siteMode: this.s.siteMode }), { query, silent: true });
      const failed = answer === false || (typeof answer === 'object' && answer !== null && answer.valid === false);
      return failed ? (declared ?? (typeof answer === 'object' ? answer?.message : undefined) ?? fallback) : undefined;
    } catch (e) {
      // A business refusal (`failed: true`) is the check failing; a network or server fault does not block the user.
      // (An HTTP error carries a status; a 2xx `failed: true` answer does not.)
      const err = e as { status?: number; body?: { failed?: boolean; message?: string } };
      if (err.status === undefined && err.body?.failed) return declared ?? err.body.message ?? fallback;
      this.last = undefined;
      return undefined;
    }
  }
}
