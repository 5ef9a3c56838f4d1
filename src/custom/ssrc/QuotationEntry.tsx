import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo } from 'react';
import { useDialogs } from '../../../renderer/dialogs/dialog-api.ts';
import { formatDateValue } from '../../../renderer/format/date.ts';
import { ParentRecordContext, useCurrencyPrecisions } from '../../../renderer/format/money.ts';
import { useDateSettings } from '../../../renderer/format/use-date-settings.ts';
import { FormStore } from '../../../renderer/form/FormStore.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import { usePrepared } from '../../../renderer/runtime/usePrepared.ts';
import type { ResolvedColumn } from '../../../renderer/schema/resolve-field.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import { CompanyPicker } from './quotation/CompanyPicker.tsx';
import { prepareQuotation, type QuotationPage } from './quotation/prepare-quotation.ts';
import { QuoteCell } from './quotation/QuoteCell.tsx';
import { QuoteReceipt, QuoteSummary, QuoteTotals } from './quotation/QuoteSummary.tsx';
import { QuoteStore } from './quotation/QuoteStore.ts';

type Row = Record<string, unknown>;

/**
 * The supplier's quotation (`/ssrc/supplier-quotation/inquiry-price/:rfxId`, and the bargaining
 * offer at `bidding-offer/:rfxId`): for the invited company that quotes (chosen when the user acts
 * for several), a price, tax rate and dates per line in the renderer's own widgets, with the line
 * amounts and totals as they are typed; sent after a confirmation that says what is sent, and
 * answered with what was. Quoting again in the same round replaces the quote; until the quotation
 * end it can be withdrawn; while bargaining the quoted lines take lower prices only. The window,
 * the round, the invitation, the company and "lower only" are the server's to enforce.
 */
export default function QuotationEntry(props: Record<string, unknown>) {
  const { screen, params } = props as { screen: Screen; params: Record<string, string> };
  const s = useServices();
  const rfxId = params.rfxId!;
  const prepared = usePrepared(() => prepareQuotation(s, rfxId), [s, rfxId]);
  if (prepared.status === 'loading') return <Spin />;
  if (prepared.status === 'error') return <Alert type="error" title={`${prepared.path} ${prepared.message}`} />;
  return <Entry page={prepared.value} rfxId={rfxId} route={screen.route} />;
}

const Entry = observer(function Entry({ page, rfxId, route }: { page: QuotationPage; rfxId: string; route?: string }) {
  const s = useServices();
  const dialogs = useDialogs();
  const dates = useDateSettings();
  const store = useMemo(() => {
    const labelOf = (name: string) => s.label(page.fields.find((f) => f.name === name)?.label, name);
    return new QuoteStore(page.sources, (initial) => new FormStore(page.entity, page.fields, initial, () => ({ user: s.user }), (f) => s.label(f.label)), labelOf);
  }, [page, s]);
  useEffect(() => {
    store.load(rfxId).catch(() => undefined);
  }, [store, rfxId]);
  const precisions = useCurrencyPrecisions();
  const currency = String(store.rfx?.currencyCode ?? '');
  useEffect(() => store.setDecimals(precisions?.[currency] ?? 2), [store, precisions, currency]);
  const byField = useMemo(() => new Map(page.fields.map((f) => [f.name, f])), [page]);
  const renderCell = useCallback((row: Row, column: ResolvedColumn) => <QuoteCell store={store} row={row} column={column} field={byField.get(column.field)} />, [store, byField]);
  const valuesOf = useCallback((row: Row) => ({ ...(store.amounts(row) ?? {}) }), [store]);
  const rfx = store.rfx;
  if (!rfx) return <Spin />;
  const t = s.t;
  const { bargaining, open } = store;

  const send = async () => {
    const bad = store.check();
    if (bad) {
      const field = s.label(page.fields.find((f) => f.name === bad.field)?.label, bad.field);
      s.notify.error(bad.lineNum ? t('ssrc.quotation.lineInvalid', 'Line {{line}}: {{field}} is not valid.', { line: bad.lineNum, field }) : t('ssrc.quotation.nothing', 'Enter a unit price on at least one line.'));
      return;
    }
    const title = bargaining ? t('ssrc.quotation.confirm.bargainTitle', 'Send these lower prices?') : t('ssrc.quotation.confirm.title', 'Send this quotation?');
    const ok = dialogs
      ? await dialogs.confirm({ title, content: <QuoteSummary store={store} />, okText: t('ssrc.quotation.confirm.ok', 'Send'), cancelText: t('hzero.common.button.cancel', 'Cancel'), testId: 'quotation-confirm' })
      : window.confirm(title);
    if (!ok) return;
    try {
      await store.send();
      s.notify.success(t('ssrc.quotation.sent', 'Quotation sent'));
    } catch {
      /* told by the request layer */
    }
  };
  const withdraw = async () => {
    if (!(await dialogs?.confirm({ title: t('ssrc.quotation.withdraw', 'Withdraw quotation'), content: t('ssrc.quotation.confirm.withdraw', 'Withdraw your quotation of this round?'), okText: t('hzero.common.button.ok', 'OK'), cancelText: t('hzero.common.button.cancel', 'Cancel'), focus: 'cancel' }))) return;
    try {
      await store.withdraw();
      s.notify.success(t('ssrc.quotation.withdrawn', 'Quotation withdrawn'));
    } catch {
      /* told by the request layer */
    }
  };
  const chosen = store.supplierId !== undefined;
  return (
    <ParentRecordContext.Provider value={rfx}>
      <Card
        size="small"
        data-screen={route}
        data-testid="quotation-entry"
        title={`${String(rfx.rfxNum)} · ${String(rfx.rfxTitle)} · ${t('ssrc.rfx.model.roundNumber', 'Round')} ${String(rfx.roundNumber)}`}
        extra={
          <Space>
            {rfx.rfxStatus === 'IN_QUOTATION' && store.quoted.size > 0 && (
              <Button danger loading={store.busy} onClick={() => void withdraw()} data-testid="quotation-withdraw">
                {t('ssrc.quotation.withdraw', 'Withdraw quotation')}
              </Button>
            )}
            <Button type="primary" disabled={!open || !chosen || store.totals.lines === 0} loading={store.busy} onClick={() => void send()} data-testid="quotation-send">
              {bargaining ? t('ssrc.quotation.sendBargain', 'Send lower prices') : t('ssrc.quotation.send', 'Send quotation')}
            </Button>
          </Space>
        }
      >
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {store.receipt && <QuoteReceipt receipt={store.receipt} />}
          {!open && <Alert type="info" title={t('ssrc.quotation.notOpen', 'This RFx takes no quotations now.')} />}
          {bargaining && <Alert type="warning" data-testid="quotation-bargaining" title={t('ssrc.quotation.bargaining', 'Bargaining until {{end}}: you may lower the prices of the lines you quoted.', { end: formatDateValue(rfx.bargainEndDate, 'datetime', dates) })} />}
          <Space wrap size={16}>
            <CompanyPicker store={store} />
            <span data-testid="quotation-window">{`${t('ssrc.rfx.model.quotationEndDate', 'Quotation end')}: ${formatDateValue(rfx.quotationEndDate, 'datetime', dates)}`}</span>
            <span>{`${t('ssrc.rfx.model.currencyCode', 'Currency')}: ${currency}`}</span>
          </Space>
          <Form component={false}>
            <DataTable columns={page.columns} rows={store.lines} rowKey="rfxLineId" rowHeight={44} renderCell={renderCell} summary={{ amount: 'sum', amountWithTax: 'sum' }} summaryValuesOf={valuesOf} label={t('ssrc.quotation.title', 'Quotation lines')} />
          </Form>
          <QuoteTotals store={store} />
        </Space>
      </Card>
    </ParentRecordContext.Provider>
  );
});
