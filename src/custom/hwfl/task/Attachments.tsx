import { Spin } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import type { FieldProps } from '../../../../renderer/contracts/fields.ts';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { ResolvedField } from '../../../../renderer/schema/resolve-field.ts';

/**
 * Files of an approval step (kept with its history line) through the renderer's own attachment
 * widget: attached while acting, listed read-only in the history.
 */
export function Attachments({ value, onChange, readOnly, id }: { value: string | undefined; onChange?(uuid: string | undefined): void; readOnly?: boolean; id: string }) {
  const s = useServices();
  const [Widget, setWidget] = useState<ComponentType<FieldProps> | null>(null);
  useEffect(() => {
    let live = true;
    void s.registries.fieldWidgets.resolve('attachment').then((w) => live && setWidget(() => w));
    return () => {
      live = false;
    };
  }, [s]);
  if (!Widget) return readOnly ? null : <Spin size="small" />;
  return (
    <Widget
      field={{ name: 'attachmentUuid' } as ResolvedField}
      value={value}
      onChange={(v) => onChange?.(v ? String(v) : undefined)}
      record={{}}
      setValue={() => undefined}
      mode={readOnly ? 'view' : 'edit'}
      disabled={readOnly}
      id={id}
    />
  );
}
