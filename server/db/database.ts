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

type CommitHook = () => Promise<unknown> | unknown;
const commitHooks = new WeakMap<Queryable, CommitHook[]>();

/**
 * Runs `fn` once the transaction `tx` has committed (never when it rolls back): pushes and
 * messages about a change other connections must be able to read. Outside a transaction it runs
 * at once. A failing hook is logged, never undoes the committed change.
 */
export function afterCommit(tx: Queryable, fn: CommitHook): void {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(fn);
  else void Promise.resolve().then(fn).catch((e: unknown) => console.error('after-commit hook failed', e));
}

/** For the drivers: registers `tx` as a transaction whose commit hooks are `hooks`. */
export function trackCommitHooks(tx: Queryable, hooks: CommitHook[]): Queryable {
  commitHooks.set(tx, hooks);
  return tx;
}

/** For the drivers: runs the hooks of a committed transaction, in order. */
export async function runCommitHooks(hooks: CommitHook[]): Promise<void> {
  for (const h of hooks) {
    try {
      await h();
    } catch (e) {
      console.error('after-commit hook failed', e);
    }
  }
}
