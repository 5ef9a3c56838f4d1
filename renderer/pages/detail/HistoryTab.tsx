import { Timeline } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useServices } from '../../runtime/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { PageState } from '../PageState.tsx';
import { changeLines, HistoryStore } from './HistoryStore.ts';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Who changed what and when on this record (`"history": true` on a detail screen). */
export const HistoryTab = observer(function HistoryTab({ entity, id, version }: { entity: EntityDecl; id: unknown; version: unknown }) {
  const s = useServices();
  const [store] = useState(() => new HistoryStore(s, entity));
  // Reloaded after each save (the version moves), so the entry just written shows at once.
  useEffect(() => void store.load(id), [store, id, version]);
  if (store.loading && store.entries.length === 0) return <PageState state="loading" />;
  if (store.problem) return <PageState state="problem" problem={store.problem} onRetry={() => void store.retry()} />;
  if (store.entries.length === 0) return <PageState state="empty" hint={s.t('hzero.common.state.emptyHistory', 'Changes appear here once the record is saved.')} />;
  const label = (field: string) => {
    const f = entity.fields.find((x) => x.name === field);
    return f ? s.label(f.label, field) : field;
  };
  return (
    <Timeline
      data-testid="record-history"
      items={store.entries.map((h) => ({
        key: h.auditId,
        content: (
          <div data-history-action={h.action}>
            <div>
              <strong>{s.t(`hzero.common.history.${h.action.toLowerCase()}`, h.action)}</strong> · {h.loginName ?? '—'} · {h.auditDate}
            </div>
            <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
              {changeLines(h.changes).map((c) => (
                <li key={c.field}>
                  {label(c.field)}: {'from' in c ? `${show(c.from)} → ` : ''}
                  {show(c.to)}
                </li>
              ))}
            </ul>
          </div>
        ),
      }))}
    />
  );
});
