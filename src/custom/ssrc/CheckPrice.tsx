import { Alert, Button, Card, Space } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { ComparisonMatrix, type MatrixColumn, type MatrixRow } from '../../../renderer/widgets/comparison-matrix/ComparisonMatrix.tsx';
import { type CheckMatrix, rfxApi, rfxIdFromQuery } from './rfx-api.ts';
import { matrixInputStyle } from './matrix-input.ts';
import { ScoreGrid } from './ScoreGrid.tsx';
import { formatKept } from '../../../renderer/format/number.ts';
import { awardedQuantity, averagePrice, overAwarded, savingPercent, sharePercent } from './check-price-math.ts';

// Prices are decimal text: shown exactly, with at least two decimals.
const money = (v: string | number | null | undefined) => formatKept(v, 2);

/**
 * Check price (`/ssrc/inquiry-hall/check-price?rfxId=`): lines × suppliers with each current
 * quotation (price, quantity, delivery), the suggested winner of each line highlighted, an award
 * quantity per cell (a line may be split), the awarded share and the saving against the line's
 * last price. The server refuses an award above a line's quantity; the page shows its message.
 * A weighted-score RFx shows each offer's weighted score and, below, the buyer's scores to enter.
 */
export default function CheckPrice(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const rfxId = rfxIdFromQuery();
  const [m, setM] = useState<CheckMatrix | null>(null);
  // Award quantities as typed (decimal text), so nothing is rounded on the way to the server.
  const [awards, setAwards] = useState<Record<number, string | null>>({});
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
  return <Matrix m={m} awards={awards} setAwards={setAwards} busy={busy} setBusy={setBusy} load={load} route={screen.route ?? ''} />;
}

interface MatrixProps {
  m: CheckMatrix;
  awards: Record<number, string | null>;
  setAwards: (a: Record<number, string | null>) => void;
  busy: boolean;
  setBusy: (b: boolean) => void;
  load: () => Promise<unknown>;
  route: string;
}

const cellStyle = { display: 'flex', flexDirection: 'column' as const, gap: 2 };

function Matrix({ m, awards, setAwards, busy, setBusy, load, route }: MatrixProps) {
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  // Indexes over the 15,000 quotation lines of a big RFx: a cell, a line's offers and a line by id
  // are looked up per painted cell, so each must be a map read, not a scan.
  const index = useMemo(() => {
    const cells = new Map<string, CheckMatrix['cells'][number]>();
    const byLine = new Map<number, CheckMatrix['cells']>();
    const firstSuggested = new Map<number, number>();
    for (const c of m.cells) {
      cells.set(`${c.rfxLineId}|${c.supplierId}`, c);
      byLine.set(c.rfxLineId, [...(byLine.get(c.rfxLineId) ?? []), c]);
      if (c.suggested && !(firstSuggested.get(c.rfxLineId)! < c.quotationLineId)) firstSuggested.set(c.rfxLineId, c.quotationLineId);
    }
    return { cells, byLine, firstSuggested, lines: new Map(m.lines.map((l) => [l.rfxLineId, l])) };
  }, [m]);
  const cellOf = (line: number, sup: number) => index.cells.get(`${line}|${sup}`);
  const rows: MatrixRow[] = useMemo(
    () => m.lines.map((l) => ({ key: l.rfxLineId, head: <span>{`${l.lineNum}. ${l.itemName}`}<br /><small>{`${l.itemCode} · ${l.quantity} ${l.uomCode ?? ''}`}{l.lastPrice !== null ? ` · ${s.t('ssrc.rfxLine.model.lastPrice', 'Last price')} ${money(l.lastPrice)}` : ''}</small></span> })),
    [m, s],
  );
  // A supplier that failed the pretrial or a veto item keeps its column (the buyer sees what it offered) but is never awarded.
  const failed = useMemo(() => new Set(m.suppliers.filter((x) => x.pretrialStatus === 'FAILED' || x.vetoReason).map((x) => x.supplierId)), [m]);
  const columns: MatrixColumn[] = useMemo(
    () =>
      m.suppliers.map((x) => {
        const why = x.pretrialStatus === 'FAILED' ? s.t('ssrc.checkPrice.pretrialFailed', 'Failed pretrial') : x.vetoReason ? s.t('ssrc.checkPrice.vetoFailed', 'Failed veto item: {{item}}', { item: x.vetoReason }) : undefined;
        return { key: x.supplierId, title: why ? <span>{x.supplierName}<br /><small style={{ color: 'var(--app-error-text)' }} data-testid={`pretrial-failed-${x.supplierId}`}>{why}</small></span> : x.supplierName };
      }),
    [m, s],
  );
  const editable = ['CHECK_PENDING', 'CHECK_REJECTED'].includes(m.rfxStatus);
  const line = (key: MatrixRow['key']) => index.lines.get(Number(key))!;
  const offers = (lineId: number) => index.byLine.get(lineId) ?? [];
  const awardedOffers = (lineId: number) => offers(lineId).map((c) => ({ unitPrice: c.unitPrice, award: awards[c.quotationLineId] }));
  const save = async () => {
    setBusy(true);
    try {
      await api.award(m.rfxHeaderId, Object.entries(awards).map(([id, q]) => ({ quotationLineId: Number(id), awardQuantity: q === null || q.trim() === '' ? '0' : q.trim() })));
      s.notify.success(s.t('ssrc.checkPrice.saved', 'Awards saved'));
      await load();
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  // One suggested winner per line (the first of equal lowest prices) gets the line's quantity.
  const suggest = () => setAwards(Object.fromEntries(m.cells.map((c) => [c.quotationLineId, index.firstSuggested.get(c.rfxLineId) === c.quotationLineId ? line(c.rfxLineId).quantity : '0'])));
  return (
    <Card size="small" title={`${m.rfxNum} · ${s.t('ssrc.rfx.button.checkPrice', 'Check price')}`} data-screen={route} data-testid="check-price"
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
          // Plain elements: a big RFx paints hundreds of these at once.
          return (
            <div style={cellStyle}>
              <strong>{money(q.unitPrice)}</strong>
              <small>{`${s.t('ssrc.quotation.model.quotedQuantity', 'Qty')} ${q.quotedQuantity ?? ''} · ${q.deliveryDate ?? ''}`}</small>
              {q.score !== null && q.score !== undefined && <small data-testid={`score-total-${String(r.key)}-${String(c.key)}`}>{`${s.t('ssrc.checkPrice.total', 'Weighted score')} ${q.score.toFixed(2)}`}</small>}
              {q.suggested && <small style={{ color: '#389e0d', fontWeight: 600 }}>{s.t('ssrc.checkPrice.suggested', 'Suggested')}</small>}
              <input type="number" min={0} max={qty} step="any" style={matrixInputStyle} disabled={!editable || failed.has(q.supplierId)} value={awards[q.quotationLineId] ?? ''}
                aria-label={`${s.t('ssrc.quotation.model.awardQuantity', 'Awarded quantity')} ${String(r.key)}-${String(c.key)}`}
                onChange={(e) => setAwards({ ...awards, [q.quotationLineId]: e.target.value === '' ? null : e.target.value })} data-testid={`award-${String(r.key)}-${String(c.key)}`} />
              <small>{sharePercent(awards[q.quotationLineId], qty)}</small>
            </div>
          );
        }}
        tailTitle={s.t('ssrc.checkPrice.summary', 'Awarded · saving')}
        tail={(r) => {
          const l = line(r.key);
          const awarded = awardedOffers(l.rfxLineId);
          const a = awardedQuantity(awarded);
          const avg = averagePrice(awarded);
          // The average awarded price (weighted by quantity) and its saving against the last price.
          return (
            <span style={{ color: overAwarded(a, l.quantity) ? 'var(--app-error-text)' : undefined }} data-testid={`check-tail-${l.rfxLineId}`}>
              {`${a.toFixed()} / ${l.quantity}`}
              <br />
              {avg ? [money(avg.toFixed()), savingPercent(l.lastPrice, avg)].filter(Boolean).join(' · ') : ''}
            </span>
          );
        }}
      />
      {m.scoringMethod === 'WEIGHTED_SCORE' && <ScoreGrid rfxId={m.rfxHeaderId} onSaved={load} />}
    </Card>
  );
}
