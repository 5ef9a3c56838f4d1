import type { EntityDecl } from '../schema/entity.ts';

const files = import.meta.glob<EntityDecl>('/schemas/entities/*.json', { import: 'default' });

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Loads an entity declaration on demand (each its own small chunk). */
export async function loadEntity(name: string): Promise<EntityDecl> {
  const load = files[`/schemas/entities/${kebab(name)}.json`];
  if (!load) throw new Error(`unknown entity "${name}"`);
  return load();
}

export const entityNames = (): string[] =>
  Object.keys(files).map((p) => p.replace('/schemas/entities/', '').replace('.json', '').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()));
