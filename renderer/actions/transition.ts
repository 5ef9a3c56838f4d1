import { createElement } from 'react';
import { apiOf, dialogsOf } from './context-needs.ts';
import { startProgress } from './progress.ts';
import type { ActionContext } from '../contracts/actions.ts';

type Row = Record<string, unknown>;

/**
 * A status transition declared by the entity: `{"type":"transition","action":"release"}`. A
 * transition declaring `fields` (a return's comment) first asks for them in a dialog, its
 * `required` ones marked and checked there as the server checks them, and sends them with the move.
 */
export default async function transition(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  const name = String(ctx.action.action);
  const tr = e?.status?.transitions[name];
  if (!e || !tr) throw new Error(`entity ${e?.name} has no transition ${name}`);
  const api = apiOf(ctx);
  const rows = ctx.record ? [ctx.record] : (ctx.selected ?? []);
  if (tr.fields?.length) {
    const { RecordForm } = await import('../form/RecordForm.tsx');
    const s = ctx.services;
    const label = ctx.action.label ? s.label(ctx.action.label) : tr.label ? s.label(tr.label) : name;
    // Editable here even when the entity keeps the field read-only elsewhere: the move is how it is written.
    const sections = [{ columns: 1, fields: tr.fields.map((field) => ({ field, required: !!tr.required?.includes(field), disabled: false })) }];
    const done = await dialogsOf(ctx).open<boolean>({
      title: label,
      width: 560,
      testId: 'transition-modal',
      render: (close) =>
        createElement(RecordForm, {
          entityName: e.name,
          sections,
          vars: ctx.params,
          fixed: {},
          submitLabel: label,
          // One answer for every selected row; each row moves with its own version.
          send: async (values: Row) => {
            const picked = Object.fromEntries(tr.fields!.map((f) => [f, values[f] ?? null]));
            let last: Row = {};
            for (const r of rows) last = await api.transition(r, name, picked);
            return last;
          },
          onClose: (ok: boolean) => close(ok),
        }),
    });
    if (done) await ctx.refresh();
    return;
  }
  if (rows.length > 1) return moveMany(ctx, rows, name, tr.label);
  for (const r of rows) await api.transition(r, name);
  ctx.services.notify.success(ctx.services.t('hzero.common.notification.success', 'Operation succeeded'));
  await ctx.refresh();
}

/**
 * Selected rows moved one by one with a progress notice the person can dismiss and work on; a
 * failure stops there (the rows after it untouched, as the person would expect of a batch they
 * can see) and its Retry carries on from that row.
 */
async function moveMany(ctx: ActionContext, rows: Row[], name: string, trLabel: unknown): Promise<void> {
  const s = ctx.services;
  const api = apiOf(ctx);
  const title = ctx.action.label ? s.label(ctx.action.label) : trLabel ? s.label(trLabel as string) : name;
  const progress = startProgress(s, title);
  const run = async (from: number): Promise<void> => {
    progress.update(from, rows.length);
    for (let i = from; i < rows.length; i++) {
      try {
        await api.transition(rows[i]!, name);
      } catch (e) {
        const message = (e as Error).message;
        progress.failed(s.t('hzero.common.progress.stopped', '{{done}} of {{total}} done, then stopped: {{message}}', { done: i, total: rows.length, message }), () => void run(i));
        await ctx.refresh();
        return;
      }
      progress.update(i + 1, rows.length);
    }
    progress.done(s.t('hzero.common.progress.finished', 'All {{total}} done', { total: rows.length }));
    await ctx.refresh();
  };
  await run(0);
}
