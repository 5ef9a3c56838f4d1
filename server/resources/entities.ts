import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { projectRoot } from '../paths.ts';

/** Loads every entity declaration under schemas/entities, keyed by name. */
export function loadEntities(dir = join(projectRoot, 'schemas', 'entities')): Map<string, EntityDecl> {
  const out = new Map<string, EntityDecl>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const decl = JSON.parse(readFileSync(join(dir, file), 'utf8')) as EntityDecl;
    if (out.has(decl.name)) throw new Error(`entity ${decl.name} declared twice (${file})`);
    out.set(decl.name, decl);
  }
  return out;
}
