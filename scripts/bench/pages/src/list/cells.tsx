import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { BenchColumn } from '../data/list-data.ts';

/**
 * Cells of the hand-written baselines, showing what the schema page shows (separators, value-set
 * meanings, Yes/No tags) the way a developer would write them by hand.
 */
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-US');

export function renderCell(c: BenchColumn, row: Record<string, unknown>): ReactNode {
  const v = row[c.field];
  switch (c.kind) {
    case 'money':
      return money.format(v as number);
    case 'number':
      return integer.format(v as number);
    case 'percent':
      return `${String(v)}%`;
    case 'lov':
      return row[`${c.field}Meaning`] as string;
    case 'status':
      return <Tag>{row[`${c.field}Meaning`] as string}</Tag>;
    case 'flag':
      return <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? 'Yes' : 'No'}</Tag>;
    default:
      return String(v ?? '');
  }
}

export const rightAligned = (c: BenchColumn) => c.kind === 'money' || c.kind === 'number';
