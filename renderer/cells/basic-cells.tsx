import { Typography } from 'antd';
import { CellTag } from './CellTag.tsx';
import { formatNumber } from '../format/number.ts';
import { formatDateValue } from '../format/date.ts';
import { useDecimals } from '../format/money.ts';
import { useServices } from '../runtime/services.ts';
import { useDateSettings } from '../format/use-date-settings.ts';
import { STATUS_MAPS } from '../schema/types/status-maps.ts';
import type { CellProps } from '../contracts/cells.ts';
import { fillUrl } from '../data/url-template.ts';
import { meaningOf } from '../schema/meaning.ts';

const empty = (v: unknown) => v === null || v === undefined || v === '';

export function TextCell({ value }: CellProps) {
  return <>{empty(value) ? '' : String(value)}</>;
}

/** Numbers, percentages and amounts: separators, and an amount in its currency's decimals (the row's or its document's currency). */
export function NumberCell({ value, column, row }: CellProps) {
  const p = useDecimals(column.decl, row);
  // Decimal text ("1234.50") is formatted as it is, never through a float.
  return <>{empty(value) ? '' : formatNumber(value as number | string, p)}{column.decl.type === 'percent' && !empty(value) ? '%' : ''}</>;
}

export function DateCell({ value }: CellProps) {
  return <>{formatDateValue(value, 'date', useDateSettings())}</>;
}

export function DateTimeCell({ value }: CellProps) {
  return <>{formatDateValue(value, 'datetime', useDateSettings())}</>;
}

export function LovCell({ row, column, value }: CellProps) {
  return <>{(row[meaningOf(column.field)] as string) ?? (empty(value) ? '' : String(value))}</>;
}

export function FlagCell({ value }: CellProps) {
  const s = useServices();
  const on = value === 1 || value === '1' || value === 'Y';
  return <CellTag color={on ? 'green' : 'default'}>{on ? s.t('hzero.common.status.yes', 'Yes') : s.t('hzero.common.status.no', 'No')}</CellTag>;
}

export function StatusCell({ value, column, row }: CellProps) {
  const s = useServices();
  const map = column.statusMap ? STATUS_MAPS[column.statusMap] : undefined;
  if (!map) return <CellTag>{(row[meaningOf(column.field)] as string) ?? String(value ?? '')}</CellTag>;
  const d = map(value);
  return <CellTag color={d.color}>{s.t(d.key, d.text)}</CellTag>;
}

export function LinkCell({ value, column, row }: CellProps) {
  const s = useServices();
  const text = (row[meaningOf(column.field)] as string) ?? String(value ?? '');
  if (!column.link) return <>{text}</>;
  const href = fillUrl(column.link, { ...s.user, ...row });
  return (
    <a
      href={href}
      onClick={(e) => {
        // Ctrl-, Shift- or middle-click is the browser's own (a new browser tab, where the app restores the route).
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        s.navigate(href);
      }}
    >
      {text}
    </a>
  );
}

export function RichTextCell({ value }: CellProps) {
  return <Typography.Text ellipsis>{String(value ?? '').replace(/<[^>]+>/g, ' ')}</Typography.Text>;
}

export function JsonCell({ value }: CellProps) {
  return <code>{empty(value) ? '' : JSON.stringify(value).slice(0, 80)}</code>;
}
