/**
 * What a supplier offered on a quotation line (price and terms): never shown to the buyer of a
 * sealed RFx before it is opened. The statuses the RFx rules speak of (opened, supplier, draft,
 * scoring, offline) are declared with its status machine (rfx-header.json, `status.groups`).
 */
export const OFFER_FIELDS = ['unitPrice', 'taxRate', 'quotedQuantity', 'deliveryDate', 'validityDate', 'remark', 'awardQuantity', 'awardRatio', 'preBargainPrice'] as const;
