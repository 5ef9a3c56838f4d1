import type { CheckContext } from '../../../../renderer/schema/check/check-context.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';

/** A checker context knowing only `entities` and what `extra` names: each test says what exists for it. */
export function checkContextOf(entities: EntityDecl[], extra: Partial<CheckContext> = {}): CheckContext {
  return {
    entities: new Map(entities.map((e) => [e.name, e])),
    lovCodes: new Set(),
    lovViews: new Set(),
    i18nKeys: new Set(['t']),
    i18nPartial: new Map(),
    permissionCodes: new Set(),
    endpoints: [],
    screenRoutes: new Set(),
    screenFiles: new Set(),
    actionTypes: new Set(),
    widgets: new Set(),
    cells: new Set(),
    customComponents: new Set(),
    customHandlers: new Set(),
    ...extra,
  };
}
