/**
 * The envelopes of a bid: technical and commercial, both sealed until opening. The statuses the
 * tender rules speak of (draft, clarifying) are declared with its status machine
 * (tender-header.json, `status.groups`).
 */
export const ENVELOPE_FIELDS = ['technicalProposal', 'technicalAttachmentUuid', 'bidAmount', 'taxRate', 'deliveryPeriod', 'commercialRemark', 'commercialAttachmentUuid'] as const;
