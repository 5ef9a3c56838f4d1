import { Select, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { QuoteStore } from './QuoteStore.ts';

/**
 * Which of the user's invited companies quotes: a choice when there are several (none chosen at
 * first: quoting for the wrong company is not a default), the company's name when there is one.
 */
export const CompanyPicker = observer(function CompanyPicker({ store }: { store: QuoteStore }) {
  const s = useServices();
  const label = s.t('ssrc.quotation.company', 'Quoting company');
  if (store.companies.length <= 1) return <span data-testid="quotation-company">{`${label}: ${store.company?.supplierName ?? ''}`}</span>;
  return (
    <Space data-field="supplierId" data-testid="quotation-company">
      <span>{label}:</span>
      <Select
        style={{ minWidth: 240 }}
        aria-label={label}
        placeholder={s.t('ssrc.quotation.company.choose', 'Choose which of your companies quotes')}
        value={store.supplierId}
        disabled={store.busy}
        options={store.companies.map((c) => ({ value: c.supplierId, label: c.supplierName }))}
        onChange={(id: number) => void store.choose(id).catch(() => undefined)}
      />
    </Space>
  );
});
