import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { type LovOption, lovOptions } from '../../../renderer/data/lov-cache.ts';
import { useServices } from '../../../renderer/runtime/services.ts';

/** A report parameter declared with a value set: its values to choose from, searchable, in the user's language. */
export function ParamSelect({ name, lovCode, label, value, onChange }: { name: string; lovCode: string; label: string; value?: string; onChange?(v: string | undefined): void }) {
  const s = useServices();
  const [options, setOptions] = useState<LovOption[]>([]);
  useEffect(() => {
    let live = true;
    lovOptions(s, lovCode).then((o) => live && setOptions(o), () => undefined);
    return () => {
      live = false;
    };
  }, [s, lovCode]);
  // Named as the renderer's fields are (data-field), so tests and tools find it the same way.
  return (
    <span data-field={name}>
      <Select
        aria-label={label}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 160 }}
        value={value}
        onChange={(v: string | undefined) => onChange?.(v)}
        options={options.map((o) => ({ value: o.value, label: o.meaning }))}
      />
    </span>
  );
}
