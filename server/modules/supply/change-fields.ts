/** Which fields of a change request each kind of change carries, and which of them it needs. */
export const CHANGE_FIELDS: Record<string, { fields: string[]; required: string[] }> = {
  BANK: { fields: ['bankName', 'bankBranchName', 'bankAccountName', 'bankAccountNum'], required: ['bankName', 'bankAccountName', 'bankAccountNum'] },
  ADDRESS: { fields: ['addressType', 'regionName', 'addressDetail', 'postCode'], required: ['addressType', 'addressDetail'] },
  CONTACT: { fields: ['contactName', 'contactPhone'], required: ['contactName'] },
};

export const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
