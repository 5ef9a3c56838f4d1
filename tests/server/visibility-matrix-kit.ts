import { inflateRawSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { filterMode } from '../../server/resources/list-query.ts';
import { columnOf, ident } from '../../server/resources/naming.ts';
import type { TestServer } from './harness.ts';
export { multipart } from './multipart.ts';

/**
 * The pieces of the sealed-bid visibility matrix (visibility-matrix.test.ts): canaries and who may
 * see them, the read paths generated from the OpenAPI document and a substitution table of
 * parameter names, the id lookup that ties `{id}` to rows of the set-up, and a response's text.
 */

export type Row = Record<string, unknown>;
export type State = 'sealed' | 'opened';
export type Doc = 'rfx' | 'tender';

/** A value only one supplier's offer on one document carries. */
export interface Canary {
  doc: Doc;
  /** The login of the supplier account that offered it. */
  owner: string;
  kind: string;
  text: string;
  /** A price or rate: matched as a whole number (with or without thousands separators, trailing zeros allowed). */
  numeric?: boolean;
}

/** One read: a GET of the generated set, or one of the read-only POSTs (reports, SQL). */
export interface Probe {
  method: 'GET' | 'POST';
  /** The operation as the document names it (or the POST's own path), for the summary. */
  op: string;
  url: string;
  payload?: unknown;
}

export interface Leak {
  state: State;
  persona: string;
  method: string;
  op: string;
  url: string;
  canary: Canary;
}

/** The personas of the matrix; '' is no user at all. */
export const PERSONAS = ['supplier', 'supplier3', 'buyer', 'expert', 'expert2', 'approver', 'sysadmin', 'admin', 'buyer2', ''] as const;
export const personaName = (p: string) => p || 'anonymous';

/**
 * Who may read a canary: its own supplier always; once its document is opened, the buyer side
 * (buyer, approver, the tenant's and the site's administrators) and, for the tender, the expert it
 * was handed to (`expert`; `expert2` is on no committee). Everyone else never.
 */
export function mayRead(persona: string, c: Canary, state: State): boolean {
  if (persona === c.owner) return true;
  if (state !== 'opened') return false;
  if (['buyer', 'approver', 'sysadmin', 'admin'].includes(persona)) return true;
  return c.doc === 'tender' && persona === 'expert';
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every canary as one regular expression with a group per canary, so a body is scanned once. */
export function canaryScanner(canaries: Canary[]): (text: string) => Set<Canary> {
  const parts = canaries.map((c) => {
    if (!c.numeric) return `(${escape(c.text)})`;
    const [whole, frac = ''] = c.text.split('.');
    const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const ints = [...new Set([whole!, grouped])].map(escape).join('|');
    // A comma before is a CSV cell's or a JSON array's; a digit or point before is another number's.
    return `((?<![\\d.])(?:${ints})${frac ? `\\.${frac}` : ''}0*(?!\\d))`;
  });
  const re = new RegExp(parts.join('|'), 'g');
  return (text) => {
    const found = new Set<Canary>();
    for (const m of text.matchAll(re)) {
      const i = m.slice(1).findIndex((g) => g !== undefined);
      if (i >= 0) found.add(canaries[i]!);
    }
    return found;
  };
}

/**
 * A response as text: a workbook (any zip) as the text of its entries, inflated (cells are
 * `<v>` values and shared strings there, which the scanner reads as well as JSON or CSV);
 * anything else as UTF-8. Read from the central directory: a streamed workbook leaves the sizes in
 * its local headers empty.
 */
export function bodyText(r: LightMyRequestResponse): string {
  const raw = r.rawPayload;
  if (!(raw.length > 22 && raw.readUInt32LE(0) === 0x04034b50)) return raw.toString('utf8');
  const eocd = raw.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) return raw.toString('latin1');
  const parts: string[] = [];
  let at = raw.readUInt32LE(eocd + 16);
  for (let n = raw.readUInt16LE(eocd + 10); n > 0 && raw.readUInt32LE(at) === 0x02014b50; n--) {
    const method = raw.readUInt16LE(at + 10);
    const size = raw.readUInt32LE(at + 20);
    const [nameLen, extraLen, commentLen] = [raw.readUInt16LE(at + 28), raw.readUInt16LE(at + 30), raw.readUInt16LE(at + 32)];
    const local = raw.readUInt32LE(at + 42);
    const start = local + 30 + raw.readUInt16LE(local + 26) + raw.readUInt16LE(local + 28);
    const data = raw.subarray(start, start + size);
    parts.push((method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return parts.join('\n');
}

/** Runs `fn` over `items`, `limit` at a time (PGlite answers one query at a time: more buys nothing). */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

interface OpenApiParam { name: string; in: string; required?: boolean }
interface OpenApiDoc { paths: Record<string, Record<string, { parameters?: OpenApiParam[] }>> }

/** What the generated set left out, by reason, and the operations behind each. */
export type Skipped = Map<string, string[]>;

/**
 * The entity a path's `{id}` names: the one whose list path is the part before `/{id}`; failing
 * that (a module's own path, e.g. the public RFx page), the one entity whose list path ends in the
 * same segment.
 */
export function entityOfId(path: string, entities: EntityDecl[]): EntityDecl | undefined {
  const before = path.slice(0, path.indexOf('/{id}'));
  const exact = entities.find((e) => e.paths.tenant === before || e.paths.site === before);
  if (exact) return exact;
  const last = before.slice(before.lastIndexOf('/'));
  const bySegment = entities.filter((e) => [e.paths.tenant, e.paths.site].some((p) => p?.endsWith(last)));
  return bySegment.length === 1 ? bySegment[0] : undefined;
}

/** The list paths of entities (where `exportType=DATA` exports), as the document spells them. */
export function entityListPaths(entities: EntityDecl[]): Set<string> {
  const out = new Set<string>();
  for (const e of entities)
    for (const p of [e.paths.site, e.paths.tenant]) {
      if (!p) continue;
      out.add(p);
      if (e.api?.export) out.add(`${p}${e.api.export}`);
    }
  return out;
}

export interface Substitutions {
  /** Values by parameter name (path or required query parameter). */
  byName: Record<string, string[]>;
  /** Values of `{id}` by entity name; an entity without rows of the set-up has none. */
  idsOf(e: EntityDecl): string[] | undefined;
  /** Optional list filters worth a variant of their own: the set-up's documents. */
  listFilters: Record<string, string[]>;
  /** Values of a parameter named after an entity's key (`userMessageId`, `taskId`). */
  byKey(name: string): string[] | undefined;
}

/** Paths whose GET ends the caller's session: asked, they would blind the rest of the matrix. */
const SESSION_ENDING = new Set(['/oauth/logout']);
/** Bounds an operation's requests (reports × print templates is the largest product, 32). */
const MAX_COMBINATIONS = 40;
/**
 * A list's page: the set-up's rows are the newest, so newest first where the key sorts, else one
 * long page (a default page of ten, oldest first, would show none of them).
 */
function listPage(path: string, entities: EntityDecl[]): Record<string, string> {
  const e = entities.find((x) => x.paths.tenant === path || x.paths.site === path);
  const key = e?.fields.find((f) => f.name === e.primaryKey);
  return e && key?.sortable ? { sort: `${e.primaryKey},desc`, size: '100' } : { size: '1000' };
}

/**
 * Every GET of the OpenAPI document as concrete requests: path parameters (and required query
 * parameters) from the substitution table, each list also as a CSV export, and a list with a
 * filter of the set-up's documents also filtered by them. An operation with a parameter the table
 * cannot fill is skipped, under the name of that parameter; one with more than MAX_COMBINATIONS
 * fillings is tried with the first ones and named in `truncated`.
 */
export function generateProbes(doc: OpenApiDoc, entities: EntityDecl[], sub: Substitutions): { probes: Probe[]; skipped: Skipped; truncated: string[]; operations: number } {
  const probes: Probe[] = [];
  const truncated: string[] = [];
  const skipped: Skipped = new Map();
  const skip = (reason: string, path: string) => skipped.set(reason, [...(skipped.get(reason) ?? []), path]);
  const lists = entityListPaths(entities);
  let operations = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = item.get;
    if (!get) continue;
    operations++;
    if (SESSION_ENDING.has(path)) {
      skip('ends the session of the caller', path);
      continue;
    }
    const params = get.parameters ?? [];
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const choices: Array<[string, string[], 'path' | 'query']> = [];
    let missing: string | undefined;
    for (const n of names) {
      const e = n === 'id' ? entityOfId(path, entities) : undefined;
      const v = n === 'id' ? (e ? sub.idsOf(e) : undefined) : (sub.byName[n] ?? sub.byKey(n));
      if (!v?.length) {
        missing = n !== 'id' ? `{${n}}` : e ? '{id}: no row of the set-up' : '{id}: no entity lists at the path before it';
        break;
      }
      choices.push([n, v, 'path']);
    }
    for (const q of params.filter((p) => p.in === 'query' && p.required)) {
      if (missing) break;
      const v = sub.byName[q.name];
      if (!v?.length) missing = `required query ${q.name}`;
      else choices.push([q.name, v, 'query']);
    }
    if (missing) {
      skip(missing, path);
      continue;
    }
    let combos: Array<Array<[string, string, 'path' | 'query']>> = [[]];
    for (const [n, vs, where] of choices) combos = combos.flatMap((c) => vs.map((v) => [...c, [n, v, where] as [string, string, 'path' | 'query']]));
    const queryNames = new Set(params.filter((p) => p.in === 'query').map((p) => p.name));
    const isList = lists.has(path) || queryNames.has('page');
    const filters = Object.entries(sub.listFilters).filter(([n]) => queryNames.has(n) || (lists.has(path) && entityDeclares(entities, path, n)));
    if (combos.length > MAX_COMBINATIONS) truncated.push(path);
    for (const combo of combos.slice(0, MAX_COMBINATIONS)) {
      let url = path;
      const query = new URLSearchParams();
      for (const [n, v, where] of combo) {
        if (where === 'path') url = url.replace(`{${n}}`, encodeURIComponent(v));
        else query.set(n, v);
      }
      const at = (extra: Record<string, string>) => {
        const q = new URLSearchParams(query);
        for (const [k, v] of Object.entries(extra)) q.set(k, v);
        const s = q.toString();
        return `${url}${s ? `?${s}` : ''}`;
      };
      const page = isList ? listPage(path, entities) : {};
      const variants: Array<Record<string, string>> = [page];
      for (const [n, vs] of filters) for (const v of vs) variants.push({ [n]: v, ...page });
      if (lists.has(path)) {
        variants.push({ exportType: 'DATA', fillerType: 'single-sheet' });
        for (const [n, vs] of filters) for (const v of vs) variants.push({ [n]: v, exportType: 'DATA', fillerType: 'single-sheet' });
      }
      for (const v of variants) probes.push({ method: 'GET', op: path, url: at(v) });
    }
  }
  return { probes, skipped, truncated, operations };
}

/** Whether the entity listed at `path` has a filterable field `name`. */
function entityDeclares(entities: EntityDecl[], path: string, name: string): boolean {
  const e = entities.find((x) => x.paths.tenant === path || x.paths.site === path);
  return !!e?.fields.some((f) => f.name === name && filterMode(f) !== 'none');
}

/**
 * The rows of an entity that belong to the set-up: its text names a canary or a document number,
 * or a key column points at one of the set-up's rows (so rows whose offer was encrypted or
 * emptied are still found). The newest `limit` keys.
 */
export async function setUpRows(s: TestServer, e: EntityDecl, needles: string[], keys: Record<string, Array<string | number>>, limit = 6): Promise<string[]> {
  const cols = await tableColumns(s, e.table);
  const pk = columnOf(e.primaryKey);
  if (!cols.has(pk)) return [];
  const params: unknown[] = [needles.map(escape).join('|')];
  const where = ['t::text ~ $1'];
  for (const [col, vals] of Object.entries(keys)) {
    if (!cols.has(col) || !vals.length) continue;
    params.push(vals.map(String));
    where.push(`t.${ident(col)}::text = any($${params.length}::text[])`);
  }
  try {
    const r = await s.ctx.db.query<{ k: string }>(`select t.${ident(pk)}::text as k from ${ident(e.table)} t where ${where.join(' or ')} order by t.${ident(pk)} desc limit ${limit}`, params);
    return r.rows.map((x) => x.k);
  } catch {
    return [];
  }
}

const columnCache = new WeakMap<TestServer, Map<string, Set<string>>>();
async function tableColumns(s: TestServer, table: string): Promise<Set<string>> {
  let all = columnCache.get(s);
  if (!all) {
    all = new Map();
    const r = await s.ctx.db.query<{ t: string; c: string }>("select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'");
    for (const x of r.rows) all.set(x.t, (all.get(x.t) ?? new Set()).add(x.c));
    columnCache.set(s, all);
  }
  return all.get(table) ?? new Set();
}

/**
 * One number from each maker that no row of the database spells (as a whole number, the way the
 * scanner matches them): a tax rate of the seed equal to a canary would read as a leak.
 */
export async function unusedNumbers(s: TestServer, makers: Array<() => string>): Promise<string[]> {
  const tables = (await s.ctx.db.query<{ t: string }>("select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'")).rows.map((r) => r.t);
  const out: Array<string | undefined> = makers.map(() => undefined);
  for (let round = 0; out.includes(undefined); round++) {
    if (round === 5) throw new Error('no unused numbers after five draws');
    const drawn = makers.map((make, i) => (out[i] === undefined ? [make(), make()] : []));
    const candidates = [...new Set(drawn.flat())];
    const re = `(?:^|[^0-9.])(${candidates.map(escape).join('|')})0*(?![0-9])`;
    const used = new Set<string>();
    for (const t of tables) {
      const r = await s.ctx.db.query<{ m: string }>(`select distinct m[1] as m from ${ident(t)} t, regexp_matches(t::text, $1, 'g') m`, [re]);
      for (const x of r.rows) used.add(x.m);
    }
    drawn.forEach((c, i) => {
      out[i] ??= c.find((x) => !used.has(x) && !out.includes(x));
    });
  }
  return out as string[];
}
