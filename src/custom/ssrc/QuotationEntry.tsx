import { Alert, Button, Card, Input, InputNumber, Space, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDialogs } from '../../../renderer/dialogs/dialog-api.ts';
import { formatDateValue } from '../../../renderer/format/date.ts';
import { useDateSettings } from '../../../renderer/format/use-date-settings.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { type CheckLine, type QuoteInput, rfxApi, type RfxRow } from './rfx-api.ts';

/**
 * The supplier's quotation (`/ssrc/supplier-quotation/inquiry-price/:rfxId`, and the bargaining
 * offer at `bidding-offer/:rfxId`): a price and a delivery date per line, sent at once; quoting
 * again in the same round replaces the quote, and until the quotation end it can be withdrawn.
 * While the RFx is bargaining, the lines quoted take lower prices only. The window, the round, the
 * invitation and "lower only" are the server's to enforce: a refusal is shown as sent.
 */
export default function QuotationEntry(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const dialogs = useDialogs();
  const dates = useDateSettings();
  const api = useMemo(() => rfxApi(s), [s]);
  const rfxId = params.rfxId!;
  const [rfx, setRfx] = useState<RfxRow | null>(null);
  const [lines, setLines] = useState<CheckLine[]>([]);
  const [quotes, setQuotes] = useState<Record<number, Partial<QuoteInput>>>({});
  /** The lines this supplier has a quotation on in the current round (what bargaining may lower, what a withdrawal takes back). */
  const [quoted, setQuoted] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const fetchAll = useCallback(() => Promise.all([api.rfx(rfxId), api.lines(rfxId), api.myQuotes(rfxId)]), [api, rfxId]);
  const apply = useCallback(([h, l, q]: Awaited<ReturnType<typeof fetchAll>>) => {
    setRfx(h);
    setLines(l.content);
    const mine = q.content.filter((c) => c.roundNumber === h.roundNumber);
    // The list answers decimal text; the quotation call (quote.ts) takes numbers, as its inputs give them.
    setQuotes(Object.fromEntries(mine.map((c) => [c.rfxLineId, { unitPrice: Number(c.unitPrice), deliveryDate: c.deliveryDate ?? undefined, taxRate: c.taxRate === null ? undefined : Number(c.taxRate), validityDate: c.validityDate ?? undefined }])));
    setQuoted(new Set(mine.map((c) => c.rfxLineId)));
  }, []);
  const load = useCallback(() => fetchAll().then(apply), [fetchAll, apply]);
  useEffect(() => {
    fetchAll().then(apply, () => undefined);
  }, [fetchAll, apply]);
  if (!rfx) return null;
  const bargaining = rfx.rfxStatus === 'BARGAINING';
  const open = rfx.rfxStatus === 'IN_QUOTATION' || bargaining;
  // In bargaining only the lines quoted take a (lower) price, and the delivery stays as quoted.
  const offered = bargaining ? lines.filter((l) => quoted.has(l.rfxLineId)) : lines;
  const editable = (l: CheckLine) => open && (!bargaining || quoted.has(l.rfxLineId));
  const set = (id: number, patch: Partial<QuoteInput>) => setQuotes({ ...quotes, [id]: { ...quotes[id], ...patch } });
  const complete = offered.length > 0 && offered.every((l) => typeof quotes[l.rfxLineId]?.unitPrice === 'number');
  const busyWith = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      s.notify.success(done);
      await load();
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    busyWith(
      () =>
        api.quote(
          rfxId,
          offered.map((l) => {
            const { unitPrice, deliveryDate, taxRate, validityDate } = quotes[l.rfxLineId]!;
            // A bargaining offer is a price only: the terms stay as quoted.
            const terms = bargaining ? {} : { ...(deliveryDate ? { deliveryDate } : {}), ...(typeof taxRate === 'number' ? { taxRate } : {}), ...(validityDate ? { validityDate } : {}) };
            return { rfxLineId: l.rfxLineId, unitPrice: unitPrice!, ...terms };
          }),
        ),
      s.t('ssrc.quotation.sent', 'Quotation sent'),
    );
  const withdraw = async () => {
    if (!(await dialogs?.confirm({ title: s.t('ssrc.quotation.withdraw', 'Withdraw quotation'), content: s.t('ssrc.quotation.confirm.withdraw', 'Withdraw your quotation of this round?'), okText: s.t('hzero.common.button.ok', 'OK'), cancelText: s.t('hzero.common.button.cancel', 'Cancel'), focus: 'cancel' }))) return;
    await busyWith(() => api.withdraw(rfxId), s.t('ssrc.quotation.withdrawn', 'Quotation withdrawn'));
  };
  return (
    <Card size="small" data-screen={screen.route} data-testid="quotation-entry" title={`${rfx.rfxNum} · ${rfx.rfxTitle} · ${s.t('ssrc.rfx.model.roundNumber', 'Round')} ${rfx.roundNumber}`}
      extra={
        <Space>
          {rfx.rfxStatus === 'IN_QUOTATION' && quoted.size > 0 && <Button danger loading={busy} onClick={() => void withdraw()} data-testid="quotation-withdraw">{s.t('ssrc.quotation.withdraw', 'Withdraw quotation')}</Button>}
          <Button type="primary" disabled={!open || !complete} loading={busy} onClick={() => void send()} data-testid="quotation-send">{bargaining ? s.t('ssrc.quotation.sendBargain', 'Send lower prices') : s.t('ssrc.quotation.send', 'Send quotation')}</Button>
        </Space>
      }>
      {!open && <Alert type="info" style={{ marginBottom: 8 }} message={s.t('ssrc.quotation.notOpen', 'This RFx takes no quotations now.')} />}
      {bargaining && <Alert type="warning" style={{ marginBottom: 8 }} data-testid="quotation-bargaining" message={s.t('ssrc.quotation.bargaining', 'Bargaining until {{end}}: you may lower the prices of the lines you quoted.', { end: formatDateValue(rfx.bargainEndDate, 'datetime', dates) })} />}
      <p>{`${s.t('ssrc.rfx.model.quotationEndDate', 'Quotation end')}: ${rfx.quotationEndDate} · ${rfx.currencyCode}`}</p>
      <Table rowKey="rfxLineId" size="small" pagination={false} dataSource={lines}
        columns={[
          { title: s.t('ssrc.rfxLine.model.lineNum', 'Line'), dataIndex: 'lineNum', width: 60 },
          { title: s.t('ssrc.rfxLine.model.itemName', 'Item'), dataIndex: 'itemName' },
          { title: s.t('ssrc.rfxLine.model.quantity', 'Quantity'), dataIndex: 'quantity', width: 100 },
          { title: s.t('ssrc.rfxLine.model.uomCode', 'UOM'), dataIndex: 'uomCode', width: 70 },
          { title: s.t('ssrc.quotation.model.unitPrice', 'Unit price'), width: 160, render: (_: unknown, l: CheckLine) => <InputNumber min={0} disabled={!editable(l)} value={quotes[l.rfxLineId]?.unitPrice ?? null} onChange={(v) => set(l.rfxLineId, { unitPrice: v === null ? undefined : Number(v) })} aria-label={`${s.t('ssrc.quotation.model.unitPrice', 'Unit price')} ${l.lineNum}`} data-testid={`price-${l.lineNum}`} /> },
          { title: s.t('ssrc.quotation.model.taxRate', 'Tax rate'), width: 110, render: (_: unknown, l: CheckLine) => <InputNumber min={0} max={100} disabled={!editable(l) || bargaining} value={quotes[l.rfxLineId]?.taxRate ?? null} onChange={(v) => set(l.rfxLineId, { taxRate: v === null ? undefined : Number(v) })} aria-label={`${s.t('ssrc.quotation.model.taxRate', 'Tax rate')} ${l.lineNum}`} data-testid={`tax-${l.lineNum}`} /> },
          { title: s.t('ssrc.quotation.model.deliveryDate', 'Delivery date'), width: 170, render: (_: unknown, l: CheckLine) => <Input type="date" disabled={!editable(l) || bargaining} value={quotes[l.rfxLineId]?.deliveryDate ?? ''} onChange={(e) => set(l.rfxLineId, { deliveryDate: e.target.value || undefined })} aria-label={`${s.t('ssrc.quotation.model.deliveryDate', 'Delivery date')} ${l.lineNum}`} /> },
          { title: s.t('ssrc.quotation.model.validityDate', 'Valid until'), width: 170, render: (_: unknown, l: CheckLine) => <Input type="date" disabled={!editable(l) || bargaining} value={quotes[l.rfxLineId]?.validityDate ?? ''} onChange={(e) => set(l.rfxLineId, { validityDate: e.target.value || undefined })} aria-label={`${s.t('ssrc.quotation.model.validityDate', 'Valid until')} ${l.lineNum}`} data-testid={`validity-${l.lineNum}`} /> },
        ]}
      />
    </Card>
  );
}
