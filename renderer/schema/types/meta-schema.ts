import { ACTION_TYPES, COMMON_ACTION_PROPERTIES } from './actions.ts';
import type { ActionTypeDef, PageKindDef } from './definition.ts';
import { PAGE_KINDS } from './page-kinds.ts';
import { STATUS_MAPS } from './status-maps.ts';

type Json = Record<string, unknown>;

/**
 * The parts of screen.meta.json that the type tables own: the page-kind enum and its
 * kind → definition branches, the per-type action definition, the status-map names. Everything
 * else in the file is written by hand. `npm run schemas:meta` writes these parts into the file and
 * a test fails when the file differs from what the tables say.
 */
export function withGeneratedParts(meta: Json): Json {
  const kinds = Object.entries(PAGE_KINDS as Record<string, PageKindDef>);
  const byDefinition = new Map<string, string[]>();
  for (const [kind, def] of kinds) byDefinition.set(def.definition, [...(byDefinition.get(def.definition) ?? []), kind]);
  const properties = { ...(meta.properties as Json), kind: { enum: kinds.map(([k]) => k) } };
  const allOf = [...byDefinition].map(([definition, ks]) => ({
    if: { properties: { kind: ks.length === 1 ? { const: ks[0] } : { enum: ks } } },
    then: { $ref: `#/definitions/${definition}` },
  }));
  const definitions: Json = { ...(meta.definitions as Json), action: actionDefinition() };
  const columnRef = (definitions.columnRef ?? {}) as Json;
  definitions.columnRef = { ...columnRef, properties: { ...(columnRef.properties as Json), statusMap: { enum: Object.keys(STATUS_MAPS) } } };
  return { ...meta, properties, allOf, definitions };
}

/**
 * Common properties are described once; each type's branch adds its own and lists every name it
 * accepts (`propertyNames`), so a property of another type is "unknown" right where it is written.
 * An unknown type is left to the checker, which suggests a name.
 */
function actionDefinition(): Json {
  const types = Object.entries(ACTION_TYPES as Record<string, ActionTypeDef>);
  const common = Object.keys(COMMON_ACTION_PROPERTIES);
  return {
    type: 'object',
    required: ['type'],
    properties: COMMON_ACTION_PROPERTIES,
    allOf: types.map(([type, def]) => ({
      if: { properties: { type: { const: type } } },
      then: {
        ...(Object.keys(def.properties).length ? { properties: def.properties } : {}),
        ...(def.required?.length ? { required: def.required } : {}),
        propertyNames: { enum: [...common, ...Object.keys(def.properties)] },
      },
    })),
  };
}
