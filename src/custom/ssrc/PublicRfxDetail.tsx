import { Alert, Card, Descriptions, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { ComparisonMatrix } from '../../../renderer/widgets/comparison-matrix/ComparisonMatrix.tsx';
import { type PublicRfx, rfxApi } from './rfx-api.ts';

/**
 * The public RFx page (`/pub/ssrc/inquiry-hall/rfx-detail/:rfxId`), read without signing in: the
 * announcement of an RFx open to any supplier (buyer, window, items and quantities). The server
 * answers only for released, non-invite-only RFx and never with invitees or prices.
 */
export default function PublicRfxDetail(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const api = useMemo(() => rfxApi(s), [s]);
  const [rfx, setRfx] = useState<PublicRfx | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    api.publicRfx(params.rfxId!).then(setRfx, () => setMissing(true));
  }, [api, params.rfxId]);
  if (missing) return <Alert type="info" data-screen={screen.route} data-testid="public-rfx-missing" message={s.t('ssrc.public.missing', 'This RFx is not public, or it does not exist.')} />;
  if (!rfx) return null;
  const when = (v: string) => new Date(v).toLocaleString();
  return (
    <Card data-screen={screen.route} data-testid="public-rfx" title={<h1 style={{ fontSize: 18, margin: 0 }}>{`${rfx.rfxNum} · ${rfx.rfxTitle}`}</h1>}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={s.t('ssrc.rfx.model.companyName', 'Company')}>{rfx.companyName}</Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.rfxStatus', 'Status')}><Tag>{rfx.rfxStatus}</Tag></Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.quotationStartDate', 'Quotation start')}>{when(rfx.quotationStartDate)}</Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.quotationEndDate', 'Quotation end')}>{when(rfx.quotationEndDate)}</Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.currencyCode', 'Currency')}>{rfx.currencyCode}</Descriptions.Item>
        <Descriptions.Item label={s.t('ssrc.rfx.model.roundNumber', 'Round')}>{rfx.roundNumber}</Descriptions.Item>
      </Descriptions>
      <ComparisonMatrix
        testId="public-rfx-lines"
        rows={rfx.lines.map((l) => ({ key: l.lineNum, head: `${l.lineNum}. ${l.itemName}` }))}
        columns={[
          { key: 'itemCode', title: s.t('ssrc.rfxLine.model.itemCode', 'Item code') },
          { key: 'quantity', title: s.t('ssrc.rfxLine.model.quantity', 'Quantity') },
          { key: 'uomCode', title: s.t('ssrc.rfxLine.model.uomCode', 'UOM') },
          { key: 'neededDate', title: s.t('ssrc.rfxLine.model.neededDate', 'Needed by') },
        ]}
        corner={s.t('ssrc.rfxLine.title', 'Lines')}
        cell={(r, c) => {
          const l = rfx.lines.find((x) => x.lineNum === r.key)!;
          return String(l[c.key as keyof typeof l] ?? '');
        }}
      />
    </Card>
  );
}
