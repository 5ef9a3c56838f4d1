import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import entityMeta from '../entity.meta.json' with { type: 'json' };
import lovsMeta from '../lovs.meta.json' with { type: 'json' };
import screenMeta from '../screen.meta.json' with { type: 'json' };
import type { Problem } from './problems.ts';

let validators: { screen: ValidateFunction; entity: ValidateFunction; lovs: ValidateFunction } | undefined;

function compile() {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    ajv.addSchema(screenMeta, 'screen.meta.json');
    ajv.addSchema(entityMeta, 'entity.meta.json');
    ajv.addSchema(lovsMeta, 'lovs.meta.json');
    validators = { screen: ajv.getSchema('screen.meta.json')!, entity: ajv.getSchema('entity.meta.json')!, lovs: ajv.getSchema('lovs.meta.json')! };
  }
  return validators;
}

/** Keeps the most specific ajv errors: a oneOf/if wrapper error adds nothing an author can act on. */
function describe(errors: ErrorObject[], file: string): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (['oneOf', 'anyOf', 'if', 'allOf'].includes(e.keyword)) continue;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') message = `unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    if (e.keyword === 'propertyNames') message = `unknown property "${(e.params as { propertyName: string }).propertyName}"`;
    if (e.keyword === 'enum') message = `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    const key = `${e.instancePath}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ file, path: e.instancePath || '/', message });
  }
  return out;
}

export function validateScreenMeta(doc: unknown, file: string): Problem[] {
  const v = compile().screen;
  return v(doc) ? [] : describe(v.errors ?? [], file);
}

export function validateEntityMeta(doc: unknown, file: string): Problem[] {
  const v = compile().entity;
  return v(doc) ? [] : describe(v.errors ?? [], file);
}

export function validateLovsMeta(doc: unknown, file: string): Problem[] {
  const v = compile().lovs;
  return v(doc) ? [] : describe(v.errors ?? [], file);
}
