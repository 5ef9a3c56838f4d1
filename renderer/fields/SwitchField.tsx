import { Select, Switch } from 'antd';
import { useServices } from '../runtime/services.ts';
import type { FieldProps } from '../contracts/fields.ts';

/** Flags are 1/0 (or Y/N for `yn`); in a search form they become a three-way select. */
export default function SwitchField({ field, value, onChange, disabled, id, mode }: FieldProps) {
  const s = useServices();
  const yn = field.widget === 'yn' || field.type === 'yn';
  const on = yn ? 'Y' : 1;
  const off = yn ? 'N' : 0;
  if (mode === 'search') {
    return (
      <Select
        id={id}
        allowClear
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        options={[
          { value: on, label: s.t('hzero.common.status.yes', 'Yes') },
          { value: off, label: s.t('hzero.common.status.no', 'No') },
        ]}
      />
    );
  }
  return <Switch id={id} checked={value === on || value === String(on)} disabled={disabled} onChange={(c) => onChange(c ? on : off)} />;
}
