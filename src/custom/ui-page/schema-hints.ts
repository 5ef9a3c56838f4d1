import meta from '../../../renderer/schema/screen.meta.json' with { type: 'json' };

/**
 * What may be written at a path of a screen schema, read from the meta-schema itself
 * (renderer/schema/screen.meta.json), so completion never drifts from what the checker accepts.
 */
type Schema = Record<string, unknown>;
export interface Hint {
  label: string;
  detail?: string;
}

const defs = (meta as Schema).definitions as Record<string, Schema>;

function deref(s: Schema): Schema {
  const ref = s.$ref;
  return typeof ref === 'string' && ref.startsWith('#/definitions/') ? deref(defs[ref.slice('#/definitions/'.length)]!) : s;
}

/** A schema with its $ref, oneOf, anyOf and allOf unfolded into the alternatives it allows. */
function expand(s: Schema | undefined, kind: unknown): Schema[] {
  if (!s) return [];
  const d = deref(s);
  const out: Schema[] = [d];
  for (const k of ['oneOf', 'anyOf'] as const) for (const x of (d[k] as Schema[] | undefined) ?? []) out.push(...expand(x, kind));
  for (const x of (d.allOf as Schema[] | undefined) ?? []) {
    // The root's `if kind == … then …` branches: only the one of the document's kind applies.
    const cond = (x.if as Schema | undefined)?.properties as Record<string, Schema> | undefined;
    if (cond?.kind) {
      const k = cond.kind;
      const match = k.const === kind || (Array.isArray(k.enum) && k.enum.includes(kind));
      if (match) out.push(...expand(x.then as Schema, kind));
    } else out.push(...expand(x, kind));
  }
  return out;
}

/** The schemas a path may hold, from the root of a screen of `kind`. */
export function schemasAt(path: Array<string | number>, kind: unknown): Schema[] {
  let current = expand(meta as Schema, kind);
  for (const seg of path) {
    const next: Schema[] = [];
    for (const s of current) {
      if (typeof seg === 'number') next.push(...expand(s.items as Schema | undefined, kind));
      else {
        const props = s.properties as Record<string, Schema> | undefined;
        if (props?.[seg]) next.push(...expand(props[seg], kind));
        else if (s.additionalProperties && typeof s.additionalProperties === 'object') next.push(...expand(s.additionalProperties as Schema, kind));
      }
    }
    current = next;
  }
  return current;
}

/** Property names an object at `path` may have (narrowed by `propertyNames` where given). */
export function propertyHints(path: Array<string | number>, kind: unknown): Hint[] {
  const schemas = schemasAt(path, kind);
  const allowed = schemas.map((s) => (s.propertyNames as Schema | undefined)?.enum as string[] | undefined).find(Boolean);
  const out = new Map<string, Hint>();
  for (const s of schemas) {
    for (const [name, p] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
      if (allowed && !allowed.includes(name)) continue;
      const d = deref(p);
      if (!out.has(name) || d.description) out.set(name, { label: name, detail: typeof d.description === 'string' ? d.description : undefined });
    }
  }
  return [...out.values()];
}

/** Constant values a path may hold (enums, consts, booleans). */
export function valueHints(path: Array<string | number>, kind: unknown): Hint[] {
  const out = new Map<string, Hint>();
  for (const s of schemasAt(path, kind)) {
    for (const v of (s.enum as unknown[] | undefined) ?? []) out.set(JSON.stringify(v), { label: JSON.stringify(v) });
    if (s.const !== undefined) out.set(JSON.stringify(s.const), { label: JSON.stringify(s.const) });
    if (s.type === 'boolean') for (const b of ['true', 'false']) out.set(b, { label: b });
  }
  return [...out.values()];
}

/** Where a field name is expected: a `field` property, or a plain string in a fields/columns list. */
export function expectsFieldName(path: Array<string | number>): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (last === 'field') return true;
  return typeof last === 'number' && (parent === 'fields' || parent === 'columns');
}

/** The entity a path's fields belong to: a tab's own entity, else the screen's. */
export function entityAt(doc: Record<string, unknown> | undefined, path: Array<string | number>): string | undefined {
  if (!doc) return undefined;
  if (path[0] === 'tabs' && typeof path[1] === 'number') {
    const tab = (doc.tabs as Array<Record<string, unknown>> | undefined)?.[path[1]];
    if (typeof tab?.entity === 'string') return tab.entity;
  }
  return typeof doc.entity === 'string' ? doc.entity : undefined;
}
