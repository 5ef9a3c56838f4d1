/** Where a tender stands for the supplier side and for its bids. */

/** From opening on, the buyer's committee reads the bids; before, each bid is its supplier's alone. */
export const OPENED_STATUSES = ['OPENED'];

/** The statuses whose lots, dates and password the buyer still edits. */
export const DRAFT_STATUSES = ['NEW', 'RELEASE_REJECTED'];

/** The envelopes of a bid: technical and commercial, both sealed until opening. */
export const ENVELOPE_FIELDS = ['technicalProposal', 'technicalAttachmentUuid', 'bidAmount', 'taxRate', 'deliveryPeriod', 'commercialRemark', 'commercialAttachmentUuid'] as const;
