import type { EntityDecl } from '../schema/entity.ts';

// Declarations live in one folder per module (`schemas/entities/<module>/<name>.json`); the
// file name is the entity name in kebab case, unique across modules (the checker enforces it).
const files = import.meta.glob<EntityDecl>('/schemas/entities/*/*.json', { import: 'default' });

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const byName = new Map(Object.entries(files).map(([path, load]) => [camel(path.slice(path.lastIndexOf('/') + 1, -'.json'.length)), load]));

/** Loads an entity declaration on demand (each its own small chunk). */
export async function loadEntity(name: string): Promise<EntityDecl> {
  const load = byName.get(name);
  if (!load) throw new Error(`unknown entity "${name}"`);
  return load();
}

export const entityNames = (): string[] => [...byName.keys()];
