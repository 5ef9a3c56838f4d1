import { mountAntdTable } from './antd-table.tsx';

/** Baseline: antd Table without virtualisation, all 10,000 rows in the DOM. */
mountAntdTable(false);
