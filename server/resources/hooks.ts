import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { AuthContext, ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import type { Scope } from './scope.ts';

export interface HookArgs {
  entity: EntityDecl;
  auth: AuthContext;
  tenantId: number;
  tx: Queryable;
  /** The server the change happens on (hooks are registered once per process, servers may be several). */
  ctx: ServerContext;
  /** A change made by the server itself (the workflow applying an approval), not by the caller's request. */
  system?: boolean;
}

/**
 * Per-entity behaviour beyond generic CRUD (numbering from code rules, side effects such as
 * sending a message). Registered by name in one place so the generic routes stay generic.
 */
export interface ResourceHooks {
  beforeCreate?(values: Record<string, unknown>, args: HookArgs): Promise<void>;
  afterWrite?(row: Record<string, unknown>, action: string, args: HookArgs): Promise<void>;
  /**
   * Before an update, delete or status action of a stored row (`action`: `update`, `delete` or the
   * status action), with the row as stored: throwing refuses the change (a document in approval).
   */
  beforeWrite?(current: Record<string, unknown>, action: string, args: HookArgs): Promise<void>;
}

const registry = new Map<string, ResourceHooks[]>();

export function registerHooks(entity: string, hooks: ResourceHooks): void {
  registry.set(entity, [...(registry.get(entity) ?? []), hooks]);
}

export function hooksOf(entity: string): ResourceHooks[] {
  return registry.get(entity) ?? [];
}

/**
 * Extra row conditions of every generic list query (data permissions): each provider returns SQL
 * conditions over the alias `t` whose values it pushes onto `params` (placeholders `$n`), never
 * values spliced into the text. Conditions are ANDed with the tenant and search filters.
 */
/** `entities`: the server's declarations, for a rule that reads another entity's (an RFx line's filter reads the RFx's status groups). */
export type ListFilter = (e: EntityDecl, scope: Scope, params: unknown[], db: Queryable, entities: ReadonlyMap<string, EntityDecl>) => Promise<string[]>;

const listFilters: ListFilter[] = [];

export function registerListFilter(f: ListFilter): void {
  if (!listFilters.includes(f)) listFilters.push(f);
}

export async function extraListConditions(e: EntityDecl, scope: Scope, params: unknown[], db: Queryable, entities: ReadonlyMap<string, EntityDecl>): Promise<string[]> {
  const out: string[] = [];
  for (const f of listFilters) out.push(...(await f(e, scope, params, db, entities)));
  return out;
}
