import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { type LovOption, lovOptions } from '../data/lov-cache.ts';
import { useServices } from '../runtime/services.ts';
import type { FieldProps } from '../contracts/fields.ts';
import { meaningOf } from '../schema/meaning.ts';

/** A select over a value set (`/hpfm/v1/lovs/value?lovCode=`). */
export default function SelectField({ field, value, onChange, disabled, id, setValue }: FieldProps) {
  const s = useServices();
  const [options, setOptions] = useState<LovOption[]>([]);
  const code = field.decl.lov;
  useEffect(() => {
    if (!code) return;
    let live = true;
    lovOptions(s, code)
      .then((o) => live && setOptions(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [s, code]);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      disabled={disabled}
      options={options.map((o) => ({ value: o.value, label: o.meaning }))}
      onChange={(v) => {
        onChange(v ?? null);
        setValue(meaningOf(field.name), options.find((o) => o.value === v)?.meaning ?? null);
      }}
    />
  );
}
