import { Alert, Button, Card, Input, InputNumber, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { type CheckLine, type QuoteInput, rfxApi, type RfxRow } from './rfx-api.ts';

/**
 * The supplier's quotation (`/ssrc/supplier-quotation/inquiry-price/:rfxId`): a price and a
 * delivery date per line, sent at once; quoting again in the same round replaces the quote. The
 * window, the round and the invitation are the server's to enforce: a refusal is shown as sent.
 */
export default function QuotationEntry(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const rfxId = params.rfxId!;
  const [rfx, setRfx] = useState<RfxRow | null>(null);
  const [lines, setLines] = useState<CheckLine[]>([]);
  const [quotes, setQuotes] = useState<Record<number, Partial<QuoteInput>>>({});
  const [busy, setBusy] = useState(false);
  const fetchAll = useCallback(() => Promise.all([api.rfx(rfxId), api.lines(rfxId), api.myQuotes(rfxId)]), [api, rfxId]);
  const apply = useCallback(([h, l, q]: Awaited<ReturnType<typeof fetchAll>>) => {
    setRfx(h);
    setLines(l.content);
    setQuotes(Object.fromEntries(q.content.filter((c) => c.roundNumber === h.roundNumber).map((c) => [c.rfxLineId, { unitPrice: c.unitPrice, deliveryDate: c.deliveryDate ?? undefined }])));
  }, []);
  const load = useCallback(() => fetchAll().then(apply), [fetchAll, apply]);
  useEffect(() => {
    fetchAll().then(apply, () => undefined);
  }, [fetchAll, apply]);
  if (!rfx) return null;
  const open = rfx.rfxStatus === 'IN_QUOTATION';
  const set = (id: number, patch: Partial<QuoteInput>) => setQuotes({ ...quotes, [id]: { ...quotes[id], ...patch } });
  const complete = lines.every((l) => typeof quotes[l.rfxLineId]?.unitPrice === 'number');
  const send = async () => {
    setBusy(true);
    try {
      await api.quote(rfxId, lines.map((l) => ({ rfxLineId: l.rfxLineId, unitPrice: quotes[l.rfxLineId]!.unitPrice!, ...(quotes[l.rfxLineId]?.deliveryDate ? { deliveryDate: quotes[l.rfxLineId]!.deliveryDate } : {}) })));
      s.notify.success(s.t('ssrc.quotation.sent', 'Quotation sent'));
      await load();
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" data-screen={screen.route} data-testid="quotation-entry" title={`${rfx.rfxNum} · ${rfx.rfxTitle} · ${s.t('ssrc.rfx.model.roundNumber', 'Round')} ${rfx.roundNumber}`}
      extra={<Button type="primary" disabled={!open || !complete} loading={busy} onClick={() => void send()} data-testid="quotation-send">{s.t('ssrc.quotation.send', 'Send quotation')}</Button>}>
      {!open && <Alert type="info" style={{ marginBottom: 8 }} message={s.t('ssrc.quotation.notOpen', 'This RFx takes no quotations now.')} />}
      <p>{`${s.t('ssrc.rfx.model.quotationEndDate', 'Quotation end')}: ${rfx.quotationEndDate} · ${rfx.currencyCode}`}</p>
      <Table rowKey="rfxLineId" size="small" pagination={false} dataSource={lines}
        columns={[
          { title: s.t('ssrc.rfxLine.model.lineNum', 'Line'), dataIndex: 'lineNum', width: 60 },
          { title: s.t('ssrc.rfxLine.model.itemName', 'Item'), dataIndex: 'itemName' },
          { title: s.t('ssrc.rfxLine.model.quantity', 'Quantity'), dataIndex: 'quantity', width: 100 },
          { title: s.t('ssrc.rfxLine.model.uomCode', 'UOM'), dataIndex: 'uomCode', width: 70 },
          { title: s.t('ssrc.quotation.model.unitPrice', 'Unit price'), width: 160, render: (_: unknown, l: CheckLine) => <InputNumber min={0} disabled={!open} value={quotes[l.rfxLineId]?.unitPrice ?? null} onChange={(v) => set(l.rfxLineId, { unitPrice: v === null ? undefined : Number(v) })} aria-label={`${s.t('ssrc.quotation.model.unitPrice', 'Unit price')} ${l.lineNum}`} data-testid={`price-${l.lineNum}`} /> },
          { title: s.t('ssrc.quotation.model.deliveryDate', 'Delivery date'), width: 170, render: (_: unknown, l: CheckLine) => <Input type="date" disabled={!open} value={quotes[l.rfxLineId]?.deliveryDate ?? ''} onChange={(e) => set(l.rfxLineId, { deliveryDate: e.target.value || undefined })} aria-label={`${s.t('ssrc.quotation.model.deliveryDate', 'Delivery date')} ${l.lineNum}`} /> },
        ]}
      />
    </Card>
  );
}
