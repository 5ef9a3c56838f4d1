import { Alert, Button, Card, InputNumber, Space, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { ComparisonMatrix, type MatrixColumn, type MatrixRow } from '../../../renderer/widgets/comparison-matrix/ComparisonMatrix.tsx';
import { type CheckMatrix, rfxApi, rfxIdFromQuery } from './rfx-api.ts';

const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 6 }));

/**
 * Check price (`/ssrc/inquiry-hall/check-price?rfxId=`): lines × suppliers with each current
 * quotation (price, quantity, delivery), the suggested winner of each line highlighted, an award
 * quantity per cell (a line may be split), the awarded share and the saving against the line's
 * last price. The server refuses an award above a line's quantity; the page shows its message.
 */
export default function CheckPrice(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const rfxId = rfxIdFromQuery();
  const [m, setM] = useState<CheckMatrix | null>(null);
  const [awards, setAwards] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState(false);
  const apply = useCallback((r: CheckMatrix) => {
    setM(r);
    setAwards(Object.fromEntries(r.cells.map((c) => [c.quotationLineId, c.awardQuantity])));
  }, []);
  const load = useCallback(() => (rfxId ? api.check(rfxId).then(apply) : Promise.resolve()), [api, rfxId, apply]);
  useEffect(() => {
    if (rfxId) api.check(rfxId).then(apply, () => undefined);
  }, [api, rfxId, apply]);
  if (!rfxId) return <Alert type="info" data-screen={screen.route} message={s.t('ssrc.checkPrice.pick', 'Open the price check from an RFx awaiting it (RFx list → Check price).')} />;
  if (!m) return null;
  const cellOf = (line: number, sup: number) => m.cells.find((c) => c.rfxLineId === line && c.supplierId === sup);
  const rows: MatrixRow[] = m.lines.map((l) => ({ key: l.rfxLineId, head: <span>{`${l.lineNum}. ${l.itemName}`}<br /><small>{`${l.itemCode} · ${l.quantity} ${l.uomCode ?? ''}`}{l.lastPrice !== null ? ` · ${s.t('ssrc.rfxLine.model.lastPrice', 'Last price')} ${money(l.lastPrice)}` : ''}</small></span> }));
  const columns: MatrixColumn[] = m.suppliers.map((x) => ({ key: x.supplierId, title: x.supplierName }));
  const editable = ['CHECK_PENDING', 'CHECK_REJECTED'].includes(m.rfxStatus);
  const line = (key: MatrixRow['key']) => m.lines.find((l) => l.rfxLineId === key)!;
  const awardedOf = (lineId: number) => m.cells.filter((c) => c.rfxLineId === lineId).reduce((sum, c) => sum + (awards[c.quotationLineId] ?? 0), 0);
  /** Saving of the awarded prices against the last price, weighted by awarded quantity. */
  const saving = (lineId: number) => {
    const l = line(lineId);
    const awarded = m.cells.filter((c) => c.rfxLineId === lineId && (awards[c.quotationLineId] ?? 0) > 0);
    const qty = awarded.reduce((sum, c) => sum + (awards[c.quotationLineId] ?? 0), 0);
    if (!l.lastPrice || !qty) return '';
    const avg = awarded.reduce((sum, c) => sum + c.unitPrice * (awards[c.quotationLineId] ?? 0), 0) / qty;
    return `${(((l.lastPrice - avg) / l.lastPrice) * 100).toFixed(2)}%`;
  };
  const save = async () => {
    setBusy(true);
    try {
      await api.award(m.rfxHeaderId, Object.entries(awards).map(([id, q]) => ({ quotationLineId: Number(id), awardQuantity: q ?? 0 })));
      s.notify.success(s.t('ssrc.checkPrice.saved', 'Awards saved'));
      await load();
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  const suggest = () => setAwards(Object.fromEntries(m.cells.map((c) => [c.quotationLineId, c.suggested && !m.cells.some((o) => o.rfxLineId === c.rfxLineId && o.suggested && o.quotationLineId < c.quotationLineId) ? line(c.rfxLineId).quantity : 0])));
  return (
    <Card size="small" title={`${m.rfxNum} · ${s.t('ssrc.rfx.button.checkPrice', 'Check price')}`} data-screen={screen.route} data-testid="check-price"
      extra={editable && <Space><Button onClick={suggest} data-testid="check-suggest">{s.t('ssrc.checkPrice.suggest', 'Award as suggested')}</Button><Button type="primary" loading={busy} onClick={() => void save()} data-testid="check-save">{s.t('hzero.common.button.save', 'Save')}</Button></Space>}>
      <ComparisonMatrix
        testId="check-matrix"
        rows={rows}
        columns={columns}
        corner={s.t('ssrc.rfxLine.title', 'Lines')}
        highlight={(r, c) => !!cellOf(Number(r.key), Number(c.key))?.suggested}
        cell={(r, c) => {
          const q = cellOf(Number(r.key), Number(c.key));
          if (!q) return null;
          const qty = line(r.key).quantity;
          return (
            <Space direction="vertical" size={2}>
              <strong>{money(q.unitPrice)}</strong>
              <small>{`${s.t('ssrc.quotation.model.quotedQuantity', 'Qty')} ${q.quotedQuantity ?? ''} · ${q.deliveryDate ?? ''}`}</small>
              {q.suggested && <Tag color="green">{s.t('ssrc.checkPrice.suggested', 'Suggested')}</Tag>}
              <InputNumber size="small" min={0} max={qty} disabled={!editable} value={awards[q.quotationLineId] ?? null} aria-label={`${s.t('ssrc.quotation.model.awardQuantity', 'Awarded quantity')} ${String(r.key)}-${String(c.key)}`}
                onChange={(v) => setAwards({ ...awards, [q.quotationLineId]: v === null ? null : Number(v) })} data-testid={`award-${String(r.key)}-${String(c.key)}`} />
              <small>{qty ? `${(((awards[q.quotationLineId] ?? 0) / qty) * 100).toFixed(2)}%` : ''}</small>
            </Space>
          );
        }}
        tailTitle={s.t('ssrc.checkPrice.summary', 'Awarded · saving')}
        tail={(r) => {
          const l = line(r.key);
          const a = awardedOf(l.rfxLineId);
          return <span style={{ color: a > l.quantity ? 'var(--app-error-text)' : undefined }}>{`${a} / ${l.quantity}`}<br />{saving(l.rfxLineId)}</span>;
        }}
      />
    </Card>
  );
}
