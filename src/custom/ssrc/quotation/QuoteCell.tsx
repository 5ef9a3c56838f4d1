import { Form, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { boundWidgetProps } from '../../../../renderer/form/bound-widget-props.ts';
import { errorText } from '../../../../renderer/form/FieldRenderer.tsx';
import { HiddenLabel } from '../../../../renderer/form/HiddenLabel.tsx';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { ResolvedColumn, ResolvedField } from '../../../../renderer/schema/resolve-field.ts';
import type { QuoteStore } from './QuoteStore.ts';

type Row = Record<string, unknown>;

/** Each cell's test id stem, as the quotation's tests and support scripts find them (`price-1`, `amount-1` …). */
const TEST_IDS: Record<string, string> = { unitPrice: 'price', taxRate: 'tax', deliveryDate: 'delivery', validityDate: 'validity', amount: 'amount', amountWithTax: 'amount-tax' };

/**
 * One cell of the quotation: a typed field in the renderer's widget for it, bound to the line's
 * FormStore (its lock says whether it may change now); a computed amount from the store; else the
 * column's display cell. Observes only its own line.
 */
export const QuoteCell = observer(function QuoteCell({ store, row, column, field }: { store: QuoteStore; row: Row; column: ResolvedColumn; field?: ResolvedField }) {
  const s = useServices();
  const lineId = Number(row.rfxLineId);
  const testId = TEST_IDS[column.field] && `${TEST_IDS[column.field]}-${String(row.lineNum)}`;
  if (!field) {
    const computed = column.field in TEST_IDS;
    const values = computed ? { ...store.amounts(row) } : row;
    const Cell = s.registries.cellRenderers.peek(column.cell);
    const value = values[column.field as keyof typeof values];
    return <span data-testid={testId}>{Cell ? <Cell column={column} row={values} value={value} /> : String(value ?? '')}</span>;
  }
  const form = store.forms.get(lineId);
  const Widget = s.registries.fieldWidgets.peek(field.widget);
  if (!form || !Widget) return null;
  const error = form.errors[field.name];
  const message = error ? errorText(s.t, error) : undefined;
  return (
    <Tooltip title={message} color="red">
      <div style={{ flex: 1, minWidth: 0 }} data-testid={testId} data-field={field.name} data-error={message} aria-invalid={error ? true : undefined}>
        <Form.Item validateStatus={error ? 'error' : undefined} style={{ margin: 0 }}>
          <HiddenLabel htmlFor={`quote-${lineId}-${field.name}`}>{`${s.label(field.label)} · ${String(row.lineNum)}`}</HiddenLabel>
          <Widget {...boundWidgetProps(form, field, `quote-${lineId}-${field.name}`)} />
        </Form.Item>
      </div>
    </Tooltip>
  );
});
