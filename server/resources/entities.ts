import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { listEntityFiles } from '../../renderer/schema-files/screen-files.ts';
import { projectRoot } from '../paths.ts';

/** Loads every entity declaration under schemas/entities/<module>/, keyed by name. */
export function loadEntities(schemasDir = join(projectRoot, 'schemas')): Map<string, EntityDecl> {
  const out = new Map<string, EntityDecl>();
  for (const file of listEntityFiles(schemasDir)) {
    const decl = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as EntityDecl;
    if (out.has(decl.name)) throw new Error(`entity ${decl.name} declared twice (${file})`);
    out.set(decl.name, decl);
  }
  return out;
}
