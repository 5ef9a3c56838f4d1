import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';

export interface HookArgs {
  entity: EntityDecl;
  auth: AuthContext;
  tenantId: number;
  tx: Queryable;
}

/**
 * Per-entity behaviour beyond generic CRUD (numbering from code rules, side effects such as
 * sending a message). Registered by name in one place so the generic routes stay generic.
 */
export interface ResourceHooks {
  beforeCreate?(values: Record<string, unknown>, args: HookArgs): Promise<void>;
  afterWrite?(row: Record<string, unknown>, action: string, args: HookArgs): Promise<void>;
}

const registry = new Map<string, ResourceHooks[]>();

export function registerHooks(entity: string, hooks: ResourceHooks): void {
  registry.set(entity, [...(registry.get(entity) ?? []), hooks]);
}

export function hooksOf(entity: string): ResourceHooks[] {
  return registry.get(entity) ?? [];
}
