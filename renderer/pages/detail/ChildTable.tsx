import { useEffect, useState } from 'react';
import { entityBase } from '../../data/endpoints.ts';
import { fillUrl } from '../../data/url-template.ts';
import { useServices } from '../../runtime/services.ts';
import type { ResolvedColumn } from '../../schema/resolve-field.ts';
import type { DetailTab } from '../../schema/screen.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { DataTable } from '../../table/DataTable.tsx';

/** Lines of a detail page: the child entity's rows filtered by the parent record. */
export function ChildTable({ tab, entity, columns, vars }: { tab: DetailTab; entity: EntityDecl; columns: ResolvedColumn[]; vars: Record<string, unknown> }) {
  const s = useServices();
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(vars);
  useEffect(() => {
    const url = fillUrl(tab.data?.list?.url ?? entityBase(entity, s.siteMode), vars, { siteMode: s.siteMode });
    const query: Record<string, unknown> = { page: 0, size: 1000 };
    for (const [k, v] of Object.entries(tab.filter ?? {})) query[k] = fillUrl(v, vars);
    let live = true;
    s.request<{ content: Record<string, unknown>[] }>(url, { query })
      .then((d) => live && setRows(d.content ?? []))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the parent record changes
  }, [key]);
  return <DataTable columns={columns} rows={rows} rowKey={tab.table?.rowKey ?? entity.primaryKey} loading={loading} />;
}
