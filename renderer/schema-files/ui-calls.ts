import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityDecl } from '../schema/entity.ts';
import { conventionOf } from '../schema/wire/rest-convention.ts';
import { type PlatformCall, platformCalls } from '../schema/wire/platform-calls.ts';
import { readCheckInputs } from './check-inputs.ts';
import { pageDesignerCalls } from '../schema/wire/page-designer-calls.ts';
import { ACTION_TYPES, type ActionType } from '../schema/types/actions.ts';
import type { ActionTypeDef } from '../schema/types/definition.ts';

/**
 * Every call the UI can make, found without a browser: the shell's and renderer's own calls
 * (platform-calls.ts), the URLs written in screen schemas, and the CRUD calls each screen makes
 * over its entity through the entity's REST convention, exactly as renderer/data/entity-api.ts
 * builds them. The HZERO contract test checks this list against HZERO 1.5's endpoints.
 */
export interface UiCall {
  method: string;
  /** Path template: `{name}` parameters, `[{tenantId}/]` for the optional tenant segment. */
  url: string;
  /** Request parameters sent (query or multipart form fields). */
  params: string[];
  body?: 'json' | 'form';
  /** An export (columns, then the file) rather than a list. */
  export?: boolean;
  /** Where it comes from: a source file, or `schema file#json/path`. */
  by: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const queryNames = (url: string) => [...new URLSearchParams(url.split('?')[1] ?? '').keys()];

/** The params a list sends: paging and sorting (§7.1), plus the screen's own. */
const LIST_PARAMS = ['page', 'size', 'sort'];

function endpointCall(ep: unknown, by: string, fallback: { method: string; url: string; params?: string[]; body?: 'json' }): UiCall {
  const e = isObj(ep) ? ep : {};
  const url = typeof e.url === 'string' ? e.url : fallback.url;
  const method = String(e.method ?? fallback.method).toUpperCase();
  return {
    method,
    url: url.split('?')[0]!,
    params: [...new Set([...(fallback.params ?? []), ...queryNames(url), ...Object.keys(isObj(e.params) ? e.params : {})])],
    ...(fallback.body ? { body: fallback.body } : {}),
    by,
  };
}

/** The entity's base templates the UI can use: the site path for a site role, the tenant path otherwise. */
const basesOf = (e: EntityDecl) => [e.paths.site, e.paths.tenant].filter((p): p is string => !!p);

/** CRUD calls of one entity for the operations a screen uses. */
function entityCalls(e: EntityDecl, ops: Set<string>, by: string, data: Obj = {}, bases = basesOf(e)): UiCall[] {
  const c = conventionOf(e);
  const out: UiCall[] = [];
  const sample: Obj = { [e.primaryKey]: 1, objectVersionNumber: 1 };
  for (const base of bases) {
    if (ops.has('list')) out.push(endpointCall(data.list, by, { method: 'GET', url: c.list(base, e), params: LIST_PARAMS }));
    if (ops.has('get')) out.push(endpointCall(data.get, by, { method: 'GET', url: c.item(base, e) }));
    if (ops.has('create')) {
      const cr = c.create(base, e, sample);
      out.push(endpointCall(data.create, by, { method: cr.method ?? 'POST', url: cr.url, body: 'json' }));
    }
    if (ops.has('update')) {
      const u = c.update(base, e, sample, sample);
      out.push(endpointCall(data.update, by, { method: u.method ?? 'PUT', url: u.url, body: 'json' }));
    }
    if (ops.has('delete')) {
      const d = c.remove(base, e, [sample])[0]!;
      out.push(endpointCall(data.delete, by, { method: d.method ?? 'DELETE', url: d.url, ...(d.body !== undefined ? { body: 'json' as const } : {}) }));
    }
    if (ops.has('export')) out.push({ ...endpointCall(data.export, by, { method: 'GET', url: c.exportUrl(base, e), params: ['exportType'] }), export: true });
    if (ops.has('import')) out.push({ method: 'POST', url: c.importFile(base).url, params: [], body: 'form', by });
    if (ops.has('history')) out.push({ method: 'GET', url: c.history(base, e, 1).url, params: ['size'], by });
    for (const op of ops)
      if (op.startsWith('transition:')) {
        const t = c.transition(base, e, sample, op.slice(11));
        out.push({ method: t.method ?? 'POST', url: t.url, params: [], ...(t.body !== undefined ? { body: 'json' as const } : {}), by });
      }
  }
  return out;
}

/**
 * Operations the actions of a screen part ask of its entity, as each action type states its calls
 * (ACTION_TYPES.calls); a save is the screen's own submit, counted by its kind. Written URLs
 * (requests, downloads) are found by writtenCalls.
 */
function actionOps(actions: unknown, row: boolean, ops: Set<string>, export_: Obj[]): void {
  if (!Array.isArray(actions)) return;
  for (const a of actions) {
    if (!isObj(a) || a.type === 'save') continue;
    const def = ACTION_TYPES[a.type as ActionType] as ActionTypeDef | undefined;
    for (const call of def?.calls(a, { row }) ?? []) {
      if ('transition' in call) ops.add(`transition:${call.transition}`);
      else if ('entityOp' in call) {
        ops.add(call.entityOp);
        if (call.entityOp === 'export' && call.url) export_.push({ url: call.url });
      }
    }
  }
}

/** Calls written in a schema: every `url` of data sources, request actions, checks, cards. */
function writtenCalls(file: string, doc: unknown): UiCall[] {
  const out: UiCall[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (isObj(v)) {
      // A screen's or tab's `data` endpoints are entity calls (screenEntityCalls), with their own method defaults.
      const entityData = /^(\/tabs\/\d+)?\/data\/(list|get|create|update|delete|export)$/.test(path);
      if (typeof v.url === 'string' && v.url.startsWith('/') && !entityData && v.type !== 'export' && v.type !== 'import' && v.type !== 'navigate') {
        const method = String(v.method ?? (v.type === 'request' ? 'POST' : 'GET')).toUpperCase();
        const body = method !== 'GET' && v.body !== 'none' ? ('json' as const) : undefined;
        out.push({ method, url: v.url.split('?')[0]!, params: [...new Set([...queryNames(v.url), ...Object.keys(isObj(v.params) ? v.params : {})])], ...(body ? { body } : {}), by: `${file}#${path}` });
      }
      for (const [k, x] of Object.entries(v)) walk(x, `${path}/${k}`);
    }
  };
  walk(doc, '');
  return out;
}

/** Entity calls of one screen, by its kind and actions. */
function screenEntityCalls(file: string, s: Obj, entities: Map<string, EntityDecl>): UiCall[] {
  const out: UiCall[] = [];
  const entity = typeof s.entity === 'string' ? entities.get(s.entity) : undefined;
  const data = isObj(s.data) ? s.data : {};
  if (entity) {
    const ops = new Set<string>();
    const exports: Obj[] = [];
    if (s.kind === 'list') ops.add('list');
    if (['detail', 'form', 'edit'].includes(String(s.kind))) {
      ops.add('get');
      if (s.editable !== false) ops.add('update');
      if (s.history) ops.add('history');
    }
    if (s.kind === 'create') ops.add('create');
    actionOps(s.toolbar, false, ops, exports);
    actionOps(s.actions, true, ops, exports);
    actionOps(isObj(s.table) ? s.table.rowActions : undefined, true, ops, exports);
    // An export action's own URL replaces the entity's export path.
    const d = exports.length ? { ...data, export: exports[0] } : data;
    // The record dialog of a list writes to the list's own collection when it has one (ListPage's form `baseUrl`).
    const formBase = isObj(data.list) && typeof data.list.url === 'string' ? [data.list.url.split('?')[0]!] : undefined;
    const formOps = new Set<string>([...ops].filter((op) => op === 'create' || op === 'update'));
    const restOps = new Set([...ops].filter((op) => !formOps.has(op) || s.kind !== 'list'));
    out.push(...entityCalls(entity, restOps, file, d));
    if (s.kind === 'list') out.push(...entityCalls(entity, formOps, file, {}, formBase));
  }
  for (const tab of Array.isArray(s.tabs) ? s.tabs : []) {
    if (!isObj(tab) || tab.kind !== 'table') continue;
    const te = typeof tab.entity === 'string' ? entities.get(tab.entity) : undefined;
    if (!te) continue;
    const ops = new Set(['list']);
    if (tab.editable) for (const op of ['create', 'update', 'delete']) ops.add(op);
    actionOps(isObj(tab.table) ? tab.table.rowActions : undefined, true, ops, []);
    // A tab's own collection URL is the base of all its calls (InlineLines, ChildTable's form).
    const tabData = isObj(tab.data) ? tab.data : {};
    const tabBase = isObj(tabData.list) && typeof tabData.list.url === 'string' ? [tabData.list.url.split('?')[0]!] : undefined;
    out.push(...entityCalls(te, ops, `${file}#tab`, tabData, tabBase).map((c) => (c.params.includes('page') && isObj(tab.filter) ? { ...c, params: [...c.params, ...Object.keys(tab.filter)] } : c)));
  }
  return out;
}

/** Every call of the UI: platform calls, then each screen's written and entity calls. */
export function uiCalls(schemasDir: string): UiCall[] {
  const inputs = readCheckInputs(schemasDir);
  const table = (calls: Record<string, PlatformCall>, by: string): UiCall[] =>
    Object.entries(calls).map(([name, p]) => ({ method: p.method, url: p.url, params: [...(p.params ?? [])], ...(p.body ? { body: p.body } : {}), by: `${by} ${name}` }));
  const out: UiCall[] = [...table(platformCalls, 'platform-calls.ts'), ...table(pageDesignerCalls, 'page-designer-calls.ts')];
  // The shell's own screens (the workplace dashboard) are fragments, read like any screen.
  const fragmentsDir = join(schemasDir, 'fragments');
  const fragments = readdirSync(fragmentsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: `fragments/${f}`, doc: JSON.parse(readFileSync(join(fragmentsDir, f), 'utf8')) as Record<string, unknown> }));
  for (const { file, doc } of [...inputs.screens, ...fragments]) {
    out.push(...writtenCalls(file, doc));
    out.push(...screenEntityCalls(file, doc, inputs.entities));
  }
  return out;
}
