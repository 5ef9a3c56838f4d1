import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDateValue } from '../../../renderer/format/date.ts';
import { useDateSettings } from '../../../renderer/format/use-date-settings.ts';
import { useServices } from '../../../renderer/runtime/services.ts';

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

interface Entry {
  seq: number;
  event: string;
  actorName: string | null;
  actorUserId: number;
  supplierName: string | null;
  lotName: string | null;
  occurredAt: string;
  detail: Record<string, Json>;
  hash: string;
}

interface BidLogAnswer {
  entries: Entry[];
  verified: boolean;
  brokenAt: number | null;
  reason?: string;
}

const EVENT_TEXTS: Record<string, string> = {
  submit: 'Submitted',
  revise: 'Revised',
  withdraw: 'Withdrawn',
  open: 'Opened',
  'hand-out': 'Handed out for evaluation',
  score: 'Scored',
  confirm: 'Confirmed',
  award: 'Awarded',
};

/**
 * A document's bid log (server/bid-log/, `GET …/{rfx|bid}/{id}/bid-log`) in a detail screen's
 * dialog: whether every hash link holds, then the entries as the server lets the caller see them.
 * A detail tab shows rows of an entity; the log is no entity and its verdict is no row.
 */
export default function BidLog(props: Record<string, unknown>) {
  const { params, document } = props as { params: Record<string, string>; document: 'rfx' | 'bid' };
  const s = useServices();
  const dates = useDateSettings();
  const [log, setLog] = useState<BidLogAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    s.request<BidLogAnswer>(`/ssrc/v1/${s.user.tenantId}/${document}/${params.id}/bid-log`).then(setLog, (e: Error) => setError(e.message));
  }, [s, document, params.id]);
  const detailText = ({ detail: d, lotName }: Entry) =>
    [
      d.round !== undefined ? s.t('ssrc.bidLog.round', 'Round {{n}}', { n: d.round }) : null,
      d.sectionId !== undefined ? s.t('ssrc.bidLog.lot', 'Lot {{n}}', { n: lotName ?? d.sectionId }) : null,
      d.revision !== undefined ? s.t('ssrc.bidLog.revision', 'Revision {{n}}', { n: d.revision }) : null,
      d.envelope !== undefined ? s.t(`ssrc.bidLog.envelope.${String(d.envelope)}`, String(d.envelope)) : null,
      Array.isArray(d.bids) ? s.t('ssrc.bidLog.bids', '{{n}} bids', { n: d.bids.length }) : null,
      Array.isArray(d.awards) ? s.t('ssrc.bidLog.awards', '{{n}} awarded', { n: d.awards.length }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="bid-log">
      {error && <Alert type="error" showIcon title={error} />}
      {log &&
        (log.verified ? (
          <Alert type="success" showIcon data-testid="bid-log-verified" title={s.t('ssrc.bidLog.verified', 'Verified: every entry matches its hash and links to the one before')} />
        ) : (
          <Alert
            type="error"
            showIcon
            data-testid="bid-log-broken"
            title={s.t('ssrc.bidLog.broken', 'Broken at entry {{seq}}: the log was changed outside the application', { seq: log.brokenAt })}
            description={log.reason}
          />
        ))}
      <Table<Entry>
        size="small"
        rowKey="seq"
        loading={!log && !error}
        pagination={false}
        dataSource={log?.entries ?? []}
        locale={{ emptyText: s.t('ssrc.bidLog.empty', 'No bid events yet') }}
        columns={[
          { title: s.t('ssrc.bidLog.seq', 'No.'), dataIndex: 'seq', width: 64, align: 'right' },
          { title: s.t('ssrc.bidLog.event', 'Event'), dataIndex: 'event', width: 120, render: (v: string) => <Tag>{s.t(`ssrc.bidLog.event.${v}`, EVENT_TEXTS[v] ?? v)}</Tag> },
          { title: s.t('ssrc.bidLog.actor', 'By'), dataIndex: 'actorName', width: 140, render: (v: string | null, r) => v ?? String(r.actorUserId) },
          { title: s.t('ssrc.bidLog.supplier', 'Supplier'), dataIndex: 'supplierName', width: 200, render: (v: string | null) => v ?? '' },
          { title: s.t('ssrc.bidLog.time', 'Time'), dataIndex: 'occurredAt', width: 170, render: (v: string) => formatDateValue(v, 'datetime', dates) },
          { title: s.t('ssrc.bidLog.detail', 'Details'), key: 'detail', render: (_: unknown, r) => detailText(r) },
          {
            title: s.t('ssrc.bidLog.hash', 'Hash'),
            dataIndex: 'hash',
            width: 130,
            render: (v: string) => (
              <Typography.Text code title={v}>
                {v.slice(0, 12)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Space>
  );
}
