import { Button, Card } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import { ComparisonMatrix, type MatrixColumn, type MatrixRow } from '../../../renderer/widgets/comparison-matrix/ComparisonMatrix.tsx';
import { rfxApi, type ScoreGridData } from './rfx-api.ts';
import { matrixInputStyle } from './matrix-input.ts';

/**
 * The buyer's scores of a weighted-score RFx (beside its price check): the suppliers that quoted
 * against the non-price elements of its score template, each within the element's range (the
 * server checks it again). Price elements are not entered: the server scores them from the prices.
 * Saving recomputes the check's weighted scores and suggestions (`onSaved`).
 */
export function ScoreGrid({ rfxId, onSaved }: { rfxId: number; onSaved: () => Promise<unknown> }) {
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const [grid, setGrid] = useState<ScoreGridData | null>(null);
  const [values, setValues] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const apply = useCallback((g: ScoreGridData) => {
    setGrid(g);
    setValues(Object.fromEntries(g.scores.map((x) => [`${x.supplierId}|${x.indicateId}`, x.score])));
  }, []);
  useEffect(() => {
    api.scores(rfxId).then(apply, () => undefined);
  }, [api, rfxId, apply]);
  const entered = useMemo(() => (grid ? grid.indicators.filter((i) => i.indicateType !== 'PRICE') : []), [grid]);
  const rows: MatrixRow[] = useMemo(() => (grid ? grid.suppliers.map((x) => ({ key: x.supplierId, head: x.supplierName })) : []), [grid]);
  // A veto item weighs nothing: its column says how it is scored instead.
  const columns: MatrixColumn[] = useMemo(
    () => entered.map((i) => ({ key: i.indicateId, title: `${i.indicateName} (${i.vetoFlag === 1 ? s.t('ssrc.checkPrice.vetoItem', 'veto: 1 passes, 0 fails') : `${i.weight}%`})` })),
    [entered, s],
  );
  if (!grid || !entered.length) return null;
  const save = async () => {
    setBusy(true);
    try {
      const scores = Object.entries(values)
        .filter(([, v]) => typeof v === 'number')
        .map(([k, score]) => ({ supplierId: Number(k.split('|')[0]), indicateId: Number(k.split('|')[1]), score: score! }));
      await api.saveScores(rfxId, scores);
      s.notify.success(s.t('ssrc.checkPrice.scoresSaved', 'Scores saved'));
      await onSaved();
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ marginTop: 12 }} title={s.t('ssrc.checkPrice.scores', 'Scores of the suppliers (non-price elements)')} data-testid="score-grid"
      extra={grid.editable && <Button loading={busy} onClick={() => void save()} data-testid="score-save">{s.t('ssrc.checkPrice.saveScores', 'Save scores')}</Button>}>
      <ComparisonMatrix
        rows={rows}
        columns={columns}
        corner={s.t('ssrc.rfxSupplier.title', 'Suppliers')}
        cell={(r, c) => {
          const i = entered.find((x) => x.indicateId === c.key)!;
          const key = `${String(r.key)}|${String(c.key)}`;
          return (
            <input type="number" min={i.minScore} max={i.maxScore} step={i.vetoFlag === 1 ? 1 : 'any'} style={matrixInputStyle} disabled={!grid.editable} value={values[key] ?? ''} placeholder={i.defaultScore === null ? '' : String(i.defaultScore)}
              aria-label={`${i.indicateName} · ${String(r.head)}`} data-testid={`score-${String(r.key)}-${String(c.key)}`}
              onChange={(e) => setValues({ ...values, [key]: e.target.value === '' ? null : Number(e.target.value) })} />
          );
        }}
      />
    </Card>
  );
}
