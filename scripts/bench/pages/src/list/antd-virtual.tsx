import { mountAntdTable } from './antd-table.tsx';

/** Baseline: antd Table with `virtual`. */
mountAntdTable(true);
