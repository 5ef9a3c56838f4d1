import { Alert, Button, Card, Descriptions, Input, Modal, Space, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { ComparisonMatrix } from '../../../renderer/widgets/comparison-matrix/ComparisonMatrix.tsx';
import { rfxApi, type RfxRow, type RfxSupplierRow } from './rfx-api.ts';

/**
 * The quotation monitor (`/ssrc/inquiry-hall/quotation-monitor/:rfxId`): who of the invited
 * suppliers has quoted in the current round and when, never what (the server holds a sealed RFx's
 * prices back until it is opened). It reloads when the server says the RFx changed (a supplier's
 * quote, over the websocket), so it stays current without a reload. Once quotations are over the
 * buyer opens the bids here, with the opening password when the RFx has one.
 */
export default function QuotationMonitor(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const rfxId = Number(params.rfxId);
  const [rfx, setRfx] = useState<RfxRow | null>(null);
  const [suppliers, setSuppliers] = useState<RfxSupplierRow[]>([]);
  const [opening, setOpening] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const fetchAll = useCallback(() => Promise.all([api.rfx(rfxId), api.suppliers(rfxId)]), [api, rfxId]);
  const [ended, setEnded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const apply = useCallback(([h, v]: Awaited<ReturnType<typeof fetchAll>>) => {
    setRfx(h);
    setSuppliers(v.content);
    // Opening waits for the end (the server refuses it before): the button follows the clock.
    const left = new Date(h.quotationEndDate).getTime() - Date.now();
    setEnded(left <= 0);
    clearTimeout(timer.current);
    if (left > 0) timer.current = setTimeout(() => setEnded(true), Math.min(left + 250, 2 ** 31 - 1));
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const load = useCallback(() => fetchAll().then(apply, () => undefined), [fetchAll, apply]);
  // A quote changes who has quoted, not the RFx: the push reloads the invitations only (one call, not two).
  const reloadSuppliers = useCallback(() => api.suppliers(rfxId).then((v) => setSuppliers(v.content), () => undefined), [api, rfxId]);
  useEffect(() => {
    void load();
    return s.onRecordChanged?.('rfxHeader', rfxId, () => void reloadSuppliers());
  }, [s, rfxId, load, reloadSuppliers]);
  if (!rfx) return null;
  const quoted = suppliers.filter((v) => Number(v.quotedFlag) === 1 && Number(v.quotedRound) === Number(rfx.roundNumber));
  const openable = ['IN_QUOTATION', 'OPEN_BID_PENDING'].includes(rfx.rfxStatus);
  const open = async () => {
    setBusy(true);
    try {
      await api.open(rfxId, Number(rfx.passwordFlag) === 1 ? password : undefined);
      setOpening(false);
      setPassword('');
      s.notify.success(s.t('ssrc.monitor.opened', 'Bids opened'));
      s.navigate(`/ssrc/inquiry-hall/rfx-detail/${rfxId}`);
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  const when = (v: string | null) => (v ? new Date(v).toLocaleString() : '');
  return (
    <Card size="small" data-screen={screen.route} data-testid="quotation-monitor" title={`${rfx.rfxNum} · ${rfx.rfxTitle}`}
      extra={
        <Space>
          <Button onClick={() => void load()} data-testid="monitor-refresh">{s.t('hzero.common.button.refresh', 'Refresh')}</Button>
          {openable && <Button type="primary" disabled={!ended} onClick={() => setOpening(true)} data-testid="monitor-open">{s.t('ssrc.rfx.button.open', 'Open bids')}</Button>}
        </Space>
      }>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={s.t('ssrc.rfx.model.rfxStatus', 'Status')}><Tag data-testid="monitor-status">{rfx.rfxStatus}</Tag></Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.roundNumber', 'Round')}>{rfx.roundNumber}</Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.quotationEndDate', 'Quotation end')}>{when(rfx.quotationEndDate)}</Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.monitor.quoted', 'Quoted')}>
          <strong data-testid="monitor-quoted">{`${quoted.length} / ${suppliers.length}`}</strong>
        </Descriptions.Item>
      </Descriptions>
      {Number(rfx.sealedQuotationFlag) === 1 && openable && <Alert type="info" style={{ margin: '8px 0' }} message={s.t('ssrc.monitor.sealed', 'Sealed quotations: prices are shown once the bids are opened.')} />}
      <ComparisonMatrix
        testId="monitor-suppliers"
        rows={suppliers.map((v) => ({ key: v.supplierId, head: v.supplierName }))}
        columns={[
          { key: 'quoted', title: s.t('ssrc.rfxSupplier.model.quotedFlag', 'Quoted') },
          { key: 'round', title: s.t('ssrc.rfxSupplier.model.quotedRound', 'Round quoted') },
          { key: 'date', title: s.t('ssrc.rfxSupplier.model.quotedDate', 'Quoted at') },
        ]}
        corner={s.t('ssrc.rfxSupplier.title', 'Invited suppliers')}
        cell={(r, c) => {
          const v = suppliers.find((x) => x.supplierId === r.key)!;
          const yes = Number(v.quotedFlag) === 1;
          if (c.key === 'quoted') return <Tag color={yes ? 'green' : undefined} data-testid={`monitor-quoted-${v.supplierId}`}>{yes ? s.t('hzero.common.status.yes', 'Yes') : s.t('hzero.common.status.no', 'No')}</Tag>;
          if (c.key === 'round') return v.quotedRound ?? '';
          return when(v.quotedDate);
        }}
      />
      <Modal open={opening} title={s.t('ssrc.rfx.button.open', 'Open bids')} onCancel={() => setOpening(false)} onOk={() => void open()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'monitor-open-ok' } as never} destroyOnClose>
        {Number(rfx.passwordFlag) === 1 ? (
          <label>
            {s.t('ssrc.monitor.password', 'Opening password')}
            <Input.Password value={password} onChange={(e) => setPassword(e.target.value)} data-testid="monitor-password" autoComplete="off" onPressEnter={() => void open()} />
          </label>
        ) : (
          <p>{s.t('ssrc.rfx.confirm.open', 'Open the quotations?')}</p>
        )}
      </Modal>
    </Card>
  );
}
