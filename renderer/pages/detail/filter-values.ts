import { fillUrl } from '../../data/url-template.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import type { DetailTab } from '../../schema/screen.ts';

type Row = Record<string, unknown>;

/** The tab's `filter` filled from the header: the query of its lines and the link of new ones. */
export function filterValues(tab: DetailTab, entity: EntityDecl, vars: Row): Row {
  const fixed: Row = {};
  for (const [k, v] of Object.entries(tab.filter ?? {})) {
    const value = fillUrl(v, vars);
    const decl = entity.fields.find((f) => f.name === k);
    fixed[k] = decl && ['integer', 'number', 'flag'].includes(decl.type) && value !== '' ? Number(value) : value;
  }
  return fixed;
}
