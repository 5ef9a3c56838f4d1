import { createElement } from 'react';
import { apiOf, dialogsOf } from './context-needs.ts';
import type { ActionContext } from './types.ts';

type Row = Record<string, unknown>;

/**
 * A status transition declared by the entity: `{"type":"transition","action":"release"}`. A
 * transition that writes fields with the move (`fields`, a reason) asks for them first in a
 * dialog (its code loads then); dismissing it leaves the record as it was.
 */
export default async function transition(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  const name = String(ctx.action.action);
  const tr = e?.status?.transitions[name];
  if (!e || !tr) throw new Error(`entity ${e?.name} has no transition ${name}`);
  let values: Row | undefined;
  if (tr.fields?.length) {
    const { default: TransitionFields } = await import('./TransitionFields.tsx');
    values = await dialogsOf(ctx).open<Row>({
      title: ctx.action.label ? ctx.services.label(ctx.action.label) : tr.label ? ctx.services.label(tr.label) : name,
      width: 520,
      testId: 'transition-dialog',
      render: (close) => createElement(TransitionFields, { entity: e, transition: tr, onClose: close }),
    });
    if (!values) return;
  }
  const api = apiOf(ctx);
  const rows = ctx.record ? [ctx.record] : (ctx.selected ?? []);
  for (const r of rows) await api.transition(r, name, values);
  ctx.services.notify.success(ctx.services.t('hzero.common.notification.success', 'Operation succeeded'));
  await ctx.refresh();
}
