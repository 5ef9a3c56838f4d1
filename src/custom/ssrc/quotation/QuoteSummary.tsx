import { Alert, Descriptions } from 'antd';
import { observer } from 'mobx-react-lite';
import { formatDateValue } from '../../../../renderer/format/date.ts';
import { formatNumber } from '../../../../renderer/format/number.ts';
import { useDateSettings } from '../../../../renderer/format/use-date-settings.ts';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { QuoteStore, Receipt } from './QuoteStore.ts';

const money = (v: string, decimals: number, currency: string) => `${formatNumber(v, decimals)} ${currency}`;

/** The running totals under the lines: without tax, the tax, with tax, in the RFx currency. */
export const QuoteTotals = observer(function QuoteTotals({ store }: { store: QuoteStore }) {
  const s = useServices();
  const { totals, decimals } = store;
  const currency = String(store.rfx?.currencyCode ?? '');
  return (
    <Descriptions size="small" column={3} data-testid="quotation-totals">
      <Descriptions.Item label={s.t('ssrc.quotation.total.amount', 'Total excl. tax')}>
        <span data-testid="quotation-total-amount">{money(totals.amount, decimals, currency)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.total.tax', 'Tax')}>
        <span data-testid="quotation-total-tax">{money(totals.tax, decimals, currency)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.total.withTax', 'Total incl. tax')}>
        <strong data-testid="quotation-total">{money(totals.amountWithTax, decimals, currency)}</strong>
      </Descriptions.Item>
    </Descriptions>
  );
});

/** What the confirmation says will be sent: the RFx, the company, the lines quoted and the totals. */
export const QuoteSummary = observer(function QuoteSummary({ store }: { store: QuoteStore }) {
  const s = useServices();
  const { totals, decimals } = store;
  const currency = String(store.rfx?.currencyCode ?? '');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={s.t('ssrc.rfx.model.rfxNum', 'RFx number')}>{String(store.rfx?.rfxNum ?? '')}</Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.company', 'Quoting company')}>
        <span data-testid="confirm-company">{store.company?.supplierName}</span>
      </Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.confirm.lines', 'Lines quoted')}>
        <span data-testid="confirm-lines">{`${totals.lines} / ${store.offered.length}`}</span>
      </Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.total.amount', 'Total excl. tax')}>{money(totals.amount, decimals, currency)}</Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.total.tax', 'Tax')}>{money(totals.tax, decimals, currency)}</Descriptions.Item>
      <Descriptions.Item label={s.t('ssrc.quotation.total.withTax', 'Total incl. tax')}>
        <strong data-testid="confirm-total">{money(totals.amountWithTax, decimals, currency)}</strong>
      </Descriptions.Item>
    </Descriptions>
  );
});

/** After sending: what the server took, for which company, and when (in the user's zone). */
export function QuoteReceipt({ receipt: r }: { receipt: Receipt }) {
  const s = useServices();
  const dates = useDateSettings();
  const text = s.t('ssrc.quotation.receipt', '{{rfxNum}}: {{company}} quoted {{lines}} lines, total incl. tax {{total}}, at {{time}}.', {
    rfxNum: r.rfxNum,
    company: r.companyName,
    lines: r.lines,
    total: money(r.totals.amountWithTax, r.decimals, r.currency),
    time: formatDateValue(r.at, 'datetime', dates),
  });
  return <Alert type="success" showIcon data-testid="quotation-receipt" title={r.bargain ? s.t('ssrc.quotation.bargainSent', 'Lower prices sent') : s.t('ssrc.quotation.sent', 'Quotation sent')} description={text} />;
}
