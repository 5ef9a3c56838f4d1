/** One audit entry of a record, as `GET <entity path>/{id}/history` answers it (server and History tab). */
export interface HistoryEntry {
  auditId: number;
  /** CREATE, UPDATE, DELETE or the transition's action in capitals (RELEASE, APPROVE …). */
  action: string;
  loginName: string | null;
  /** `{field: value}`, or `{field: {from, to}}` for status transitions. */
  changes: unknown;
  /** `YYYY-MM-DD HH:mm:ss` (§9 datetime format). */
  auditDate: string;
}
