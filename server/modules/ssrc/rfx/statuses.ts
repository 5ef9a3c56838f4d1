/**
 * Where an RFx stands for its quotations. Before opening, a sealed RFx's prices are the
 * supplier's alone; from opening on the buyer reads them (and the award decisions made with them).
 */
export const OPENED_STATUSES = ['OPENED', 'PRETRIAL_PENDING', 'BARGAINING', 'CHECK_PENDING', 'CHECK_APPROVING', 'CHECK_REJECTED', 'FINISHED'];

/** The statuses an invited supplier sees an RFx in: once released (drafts and release approvals stay the buyer's). */
export const SUPPLIER_STATUSES = ['NOT_START', 'IN_QUOTATION', 'OPEN_BID_PENDING', 'OPENED', 'PRETRIAL_PENDING', 'BARGAINING', 'CHECK_PENDING', 'CHECK_APPROVING', 'CHECK_REJECTED', 'FINISHED', 'PAUSED', 'CLOSED'];

/** The statuses whose lines and invitations the buyer still edits. */
export const DRAFT_STATUSES = ['NEW', 'RELEASE_REJECTED'];

/** What a supplier offered on a quotation line (price and terms): never shown to the buyer of a sealed RFx before it is opened. */
export const OFFER_FIELDS = ['unitPrice', 'taxRate', 'quotedQuantity', 'deliveryDate', 'validityDate', 'remark', 'awardQuantity', 'awardRatio', 'preBargainPrice'] as const;

/** Where the buyer scores the suppliers of a weighted-score RFx: from opening until the result is submitted. */
export const SCORING_STATUSES = ['OPENED', 'PRETRIAL_PENDING', 'BARGAINING', 'CHECK_PENDING', 'CHECK_REJECTED'];
