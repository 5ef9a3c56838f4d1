import { Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { useServices } from '../../renderer/runtime/services.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Screen } from '../../renderer/schema/screen.ts';
import { LiveWidget } from './LiveWidget.tsx';
import { SiteOnly } from './SiteOnly.tsx';

/**
 * Fields as a screen would declare them, picking over the server's real data: the banks (LOV view
 * HPFM.BANK over the bank master data), their types (value set) and the region cascade.
 */
const BANK_FORM: EntityDecl = {
  version: 1,
  name: 'devBankForm',
  table: 'dev_bank_form',
  primaryKey: 'bankId',
  tenantScoped: false,
  paths: { site: '/hpfm/v1/banks' },
  fields: [
    { name: 'bankId', type: 'integer', label: 'dev.bank.field.bank', lovView: 'HPFM.BANK' },
    { name: 'bankTypeCode', type: 'string', label: 'dev.bank.field.bankType', lov: 'HPFM.BANK.TYPE' },
    { name: 'regionCode', type: 'string', label: 'dev.bank.field.region' },
  ],
};

export default function DevBank(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const [record, setRecord] = useState<Record<string, unknown>>({});
  const set = (name: string, value: unknown) => setRecord((r) => ({ ...r, [name]: value }));
  return (
    <SiteOnly route={screen.route!}>
      <Card data-screen={screen.route} data-testid="dev-bank" style={{ maxWidth: 760 }}>
        <Typography.Paragraph>{s.t('dev.bank.intro', 'The bank LOV and the region cascade over the server’s data, as a screen’s fields use them. Pick values; the record they write is shown below.')}</Typography.Paragraph>
        <Form layout="vertical">
          <LiveWidget entity={BANK_FORM} field="bankId" widget="lov" record={record} set={set} />
          <LiveWidget entity={BANK_FORM} field="bankTypeCode" widget="select" record={record} set={set} />
          <LiveWidget entity={BANK_FORM} field="regionCode" widget="region" record={record} set={set} />
        </Form>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {s.t('dev.bank.record', 'The record')}
        </Typography.Title>
        <pre data-testid="dev-bank-record" style={{ margin: 0, padding: 8, background: 'var(--app-bg-alt)' }}>
          {JSON.stringify(record, null, 2)}
        </pre>
      </Card>
    </SiteOnly>
  );
}
