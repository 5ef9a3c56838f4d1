import { Select } from 'antd';
import { useEffect, useState } from 'react';
import type { Person, WorkflowApi } from './workflow-api.ts';

/** Picks people of the tenant by login or name (delegate, add sign, copy to, reassign). */
export function PersonPicker(p: { api: WorkflowApi; multiple?: boolean; value?: number | number[]; onChange(v: number | number[] | undefined): void; placeholder?: string; testId?: string; ariaLabel: string }) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Person[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => void p.api.users(search).then((r) => live && setOptions(r), () => undefined), 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [p.api, search]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      mode={p.multiple ? 'multiple' : undefined}
      allowClear
      value={p.value}
      onChange={(v) => p.onChange(v as number | number[] | undefined)}
      placeholder={p.placeholder}
      style={{ minWidth: 240 }}
      aria-label={p.ariaLabel}
      data-testid={p.testId}
      options={options.map((o) => ({ value: o.userId, label: `${o.name} (${o.loginName})` }))}
    />
  );
}
