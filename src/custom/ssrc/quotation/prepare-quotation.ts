import type { RendererServices } from '../../../../renderer/contracts/services.ts';
import { entityApi } from '../../../../renderer/data/entity-api.ts';
import { prepareForm } from '../../../../renderer/form/prepare-form.ts';
import { preload } from '../../../../renderer/runtime/preload.ts';
import type { EntityDecl, EntityField } from '../../../../renderer/schema/entity.ts';
import { type ResolvedColumn, type ResolvedField, resolveColumn } from '../../../../renderer/schema/resolve-field.ts';
import type { ColumnItem } from '../../../../renderer/schema/screen.ts';
import { rfxApi } from '../rfx-api.ts';
import { QUOTE_FIELDS, type QuoteSources } from './QuoteStore.ts';

/** The computed amounts of a line: money in the RFx currency, like the document's own amounts. */
export const AMOUNT_FIELDS = ['amount', 'amountWithTax'] as const;

const amountColumn = (name: string): ResolvedColumn => {
  const decl: EntityField = { name, type: 'money', currency: 'parent.currencyCode', label: `ssrc.quotation.model.${name}`, readOnly: true };
  return { field: name, label: decl.label!, cell: 'money', decl, width: 120 };
};

export interface QuotationPage {
  entity: EntityDecl;
  fields: ResolvedField[];
  columns: ResolvedColumn[];
  sources: QuoteSources;
}

/**
 * What the quotation screen needs before it renders: the quotation line's fields resolved and
 * their widgets loaded (the renderer's own price, percent and date widgets), the table's columns
 * from the RFx line and quotation line entities with their cells loaded, and the calls through
 * the entity API (reads) and the quotation call (rfx-api.ts).
 */
export async function prepareQuotation(s: RendererServices, rfxId: string): Promise<QuotationPage> {
  const form = await prepareForm(s, 'rfxQuotationLine', [{ fields: [...QUOTE_FIELDS] }]);
  const [header, line, invitation] = await Promise.all([s.loadEntity('rfxHeader'), s.loadEntity('rfxLine'), s.loadEntity('rfxSupplier')]);
  const items: Array<[EntityDecl, ColumnItem]> = [
    [line, { field: 'lineNum', width: 60 }],
    [line, { field: 'itemName', width: 160 }],
    [line, { field: 'quantity', width: 90 }],
    [line, { field: 'uomCode', width: 60 }],
    // Narrow enough that the amounts stay in view beside the inputs on a laptop screen.
    ...QUOTE_FIELDS.map((f): [EntityDecl, ColumnItem] => [form.entity, { field: f, width: { unitPrice: 120, taxRate: 90 }[f as string] ?? 140 }]),
  ];
  const columns = [...items.map(([e, c], i) => resolveColumn(e, c, `/columns/${i}`)), ...AMOUNT_FIELDS.map(amountColumn)];
  await preload(s.registries, [], columns.map((c, i) => [c, `/columns/${i}`]), []);
  const api = rfxApi(s);
  return {
    entity: form.entity,
    fields: form.fields,
    columns,
    sources: {
      header: entityApi(s, header),
      lines: entityApi(s, line),
      invitations: entityApi(s, invitation),
      quotes: entityApi(s, form.entity),
      send: (body) => api.quote(rfxId, body),
      withdraw: (supplierId) => api.withdraw(rfxId, supplierId),
    },
  };
}
