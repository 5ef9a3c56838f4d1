import type { EntityDecl, StatusMachine } from '../entity.ts';

/** Every status the machine names: its initial one, and where its transitions start and lead. */
export function statusesOf(m: StatusMachine): Set<string> {
  const all = new Set([m.initial]);
  for (const t of Object.values(m.transitions)) {
    for (const s of t.from) all.add(s);
    if (t.to) all.add(t.to);
  }
  return all;
}

/**
 * A named set of the entity's statuses (`status.groups`). An unknown name is a programming error,
 * thrown at once rather than read as "no status", which would quietly let everything through.
 */
export function statusGroup(e: EntityDecl, name: string): readonly string[] {
  const g = e.status?.groups?.[name];
  if (!g) throw new Error(`${e.name} declares no status group "${name}"`);
  return g;
}
