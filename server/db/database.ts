/**
 * The one interface the server uses to talk to PostgreSQL, whether embedded (PGlite)
 * or a real server (node `pg`). Both speak the same SQL with `$1` parameters, so every
 * query in the server is written once.
 */
export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` inside BEGIN/COMMIT; a thrown error rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine answers: used in logs and the health call. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection (a pooled one would drop
   * notifications between queries). Resolves to a function that stops listening.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}
