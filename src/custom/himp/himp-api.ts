import type { RendererServices } from '../../../renderer/contracts/services.ts';

/** The import runtime calls (server/modules/himp/routes.ts). */
export interface ImportColumnInfo {
  columnCode: string;
  header: string;
  columnType: string;
  nullableFlag: number;
  validateSet: string | null;
}
export interface TemplateInfo {
  templateCode: string;
  templateName: string;
  sheets: Array<{ sheetIndex: number; sheetName: string; tableName: string; columns: ImportColumnInfo[] }>;
}
export interface Batch {
  batch: string;
  templateCode: string;
  fileName: string | null;
  status: 'UPLOADED' | 'CHECKING' | 'CHECKED' | 'IMPORTING' | 'IMPORTED';
  totalCount: number;
  errorCount: number;
  importedCount: number;
  checkedCount: number;
}
export type Cell = string | number | null | { formula: string };
export interface DataRow {
  id: number;
  sheetIndex: number;
  rowNumber: number;
  data: Record<string, Cell>;
  dataStatus: string;
  errorMsg: string | null;
  objectVersionNumber: number;
}

export function himpApi(s: RendererServices, code: string) {
  const base = `/himp/v1/${s.user.tenantId}`;
  const q = (batch?: string) => ({ templateCode: code, ...(batch ? { batch } : {}) });
  return {
    base,
    info: () => s.request<TemplateInfo>(`${base}/template/${encodeURIComponent(code)}/info`),
    recent: () => s.request<Batch[]>(`${base}/import/batches`, { query: q() }),
    upload(file: File) {
      const fd = new FormData();
      fd.append('file', file, file.name);
      return s.request<Batch>(`${base}/import/data/data-upload`, { method: 'POST', query: q(), body: fd });
    },
    status: (batch: string) => s.request<Batch>(`${base}/import/data/status`, { query: { batch } }),
    rows: (batch: string, page: number, size: number, onlyErrors: boolean) =>
      s.request<{ content: DataRow[]; totalElements: number }>(`${base}/import/data`, { query: { batch, page, size, ...(onlyErrors ? { dataStatus: 'ERROR,VALID_FAILED,IMPORT_FAILED' } : {}) } }),
    save: (row: DataRow, data: Record<string, Cell>) => s.request<DataRow>(`${base}/import/data/${row.id}`, { method: 'PUT', body: { data, objectVersionNumber: row.objectVersionNumber } }),
    validate: (batch: string) => s.request<Batch>(`${base}/import/data/data-validate`, { method: 'POST', query: q(batch) }),
    run: (batch: string) => s.request<Batch>(`${base}/import/data/data-import`, { method: 'POST', query: q(batch) }),
  };
}
