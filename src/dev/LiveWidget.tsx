import { Alert, Form, Spin } from 'antd';
import { Component, type ComponentType, type ReactNode, useMemo } from 'react';
import type { CellProps } from '../../renderer/contracts/cells.ts';
import type { FieldProps } from '../../renderer/contracts/fields.ts';
import { useServices } from '../../renderer/runtime/services.ts';
import { usePrepared } from '../../renderer/runtime/usePrepared.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn, resolveField } from '../../renderer/schema/resolve-field.ts';

/** One sample failing (a widget that needs more than a bare field) must not take the gallery down. */
export class SampleBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) return <Alert type="warning" showIcon title={this.state.error.message} />;
    return this.props.children;
  }
}

/** A registry widget in edit mode over one field of `entity`, bound to `record` (the real renderer's widget, as a screen uses it). */
export function LiveWidget({ entity, field, widget, record, set }: { entity: EntityDecl; field: string; widget: string; record: Record<string, unknown>; set(name: string, value: unknown): void }) {
  const s = useServices();
  const prepared = usePrepared(() => s.registries.fieldWidgets.resolve(widget) as Promise<ComponentType<FieldProps>>, [widget]);
  const resolved = useMemo(() => resolveField(entity, { field, widget }, '/'), [entity, field, widget]);
  if (prepared.status === 'loading') return <Spin size="small" />;
  if (prepared.status === 'error') return <Alert type="error" title={prepared.message} />;
  const Widget = prepared.value;
  const id = `dev-${widget}-${field}`;
  return (
    <Form.Item label={s.label(resolved.label, field)} htmlFor={id} style={{ marginBottom: 8 }}>
      <Widget field={resolved} id={id} mode="edit" value={record[field]} record={record} onChange={(v) => set(field, v)} setValue={set} />
    </Form.Item>
  );
}

/** A registry cell over one value of `row`, as a table column shows it. */
export function LiveCell({ entity, field, cell, row }: { entity: EntityDecl; field: string; cell: string; row: Record<string, unknown> }) {
  const s = useServices();
  const prepared = usePrepared(() => s.registries.cellRenderers.resolve(cell) as Promise<ComponentType<CellProps>>, [cell]);
  const column = useMemo(() => resolveColumn(entity, { field, cell }, '/'), [entity, field, cell]);
  if (prepared.status === 'loading') return <Spin size="small" />;
  if (prepared.status === 'error') return <Alert type="error" title={prepared.message} />;
  const Cell = prepared.value;
  return <Cell column={column} row={row} value={row[field]} />;
}
