import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import catalogue from '../../schemas/catalogue/routes.json' with { type: 'json' };
import specialMenus from '../../schemas/catalogue/special-menus.json' with { type: 'json' };
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { type CatalogueRoute, isMenuRoute, type SpecialMenu } from '../../renderer/schema/permissions.ts';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { conventionRoutes } from '../../renderer/schema/wire/convention-routes.ts';
import { ACTION_TYPES, type ActionType } from '../../renderer/schema/types/actions.ts';
import type { ActionTypeDef } from '../../renderer/schema/types/definition.ts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthContext, ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { cachedReads } from '../db/read-cache.ts';
import { forbidden } from '../http/errors.ts';
import { approvedCodes } from './role-grants.ts';
import { projectRoot } from '../paths.ts';
import { holdsAnyRoute } from '../resources/permissions.ts';

/**
 * Which permission codes guard which operation, read from the screens (schemas/**): the server's
 * half of every button the UI hides behind a `permission`. Status actions are guarded by their
 * transitions (repository.ts); this covers the rest: the generic create, update, delete, export and
 * import of an entity, and every other endpoint a `request` button calls.
 *
 * The rule (docs/decisions.md, "Permission codes of buttons"): an operation that no screen guards
 * needs only the entity's menu access. An operation that some screen guards is allowed to a role
 * that holds one of the codes guarding it (on any screen), or that reaches a screen offering it
 * without a code: the server refuses only what the UI would refuse everywhere the role can go.
 * A screen that is not a menu page of its own (a create page, a detail page, a dialog) offers its
 * submit through the buttons and links that open it, so it carries their codes: typing the address
 * of a create page is not a way around the create button's code.
 */

export type EntityOp = 'create' | 'update' | 'delete' | 'export' | 'import';

export interface Guard {
  /** Codes that allow the operation (normalised: `a.b.button.x`). */
  codes: string[];
  /** Menu routes whose holders reach a screen offering the operation without a code. */
  openMenus: string[];
  /** A screen any signed-in user may open (`authorized`) offers it without a code. */
  openToAll: boolean;
  /** Screen files declaring the codes, for messages and tests. */
  where: string[];
  /** An endpoint's URL templates as the buttons write them (`/iam/hzero/v1/[{tenantId}/]users/{id}/frozen`). */
  urls: string[];
}

export interface OperationGuards {
  /** `${entity} ${op}` → guard; only operations at least one screen guards. */
  entity: Map<string, Guard>;
  /** `${METHOD} ${path shape}` (parameters as `{}`) → guard of an endpoint a `request` button calls. */
  endpoint: Map<string, Guard>;
}

type Node = Record<string, unknown>;
interface Screen {
  file: string;
  doc: Node;
  routes: string[];
  kind: string;
  entity?: string;
  authorized: boolean;
}

/** `/a/{x}/b?c=1` and `/a/:x/b` both → `/a/{}/b`; HZERO's optional tenant segment gives two shapes. */
export function pathShapes(template: string): string[] {
  const path = template.split('?')[0]!;
  const variants = path.includes('[{tenantId}/]') ? [path.replace('[{tenantId}/]', '{tenantId}/'), path.replace('[{tenantId}/]', '')] : [path];
  return variants.map((p) => p.replace(/\{\w+\}|:\w+/g, '{}'));
}

const familyOf = (path: string): string => {
  const segs = path.split('/');
  const last = segs[segs.length - 1] ?? '';
  const parent = segs[segs.length - 2] ?? '';
  return last === 'list' || last === `${parent}-list` ? segs.slice(0, -1).join('/') : path;
};

const normalise = (code: string) => code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-');

export function deriveOperationGuards(schemasDir: string, entities: Map<string, EntityDecl>): OperationGuards {
  const menus = [...(specialMenus as SpecialMenu[]).map((s) => s.route), ...(catalogue as CatalogueRoute[]).filter(isMenuRoute).map((r) => r.path)];
  const menuSet = new Set(menus);
  /** The menu leaves under which the shell opens `route` (the leaf itself, or one whose page family holds it). */
  const reaching = (route: string) => menus.filter((m) => m === route || route === familyOf(m) || route.startsWith(`${familyOf(m)}/`));

  const screens: Screen[] = [];
  for (const file of listScreenFiles(schemasDir)) {
    let doc: Node;
    try {
      doc = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Node;
    } catch {
      continue; // the checker reports it; a broken file offers no button
    }
    const routes = [doc.route, ...((doc.routes as unknown[]) ?? [])].filter((r): r is string => typeof r === 'string');
    screens.push({ file, doc, routes, kind: String(doc.kind ?? ''), entity: typeof doc.entity === 'string' ? doc.entity : undefined, authorized: !!doc.authorized });
  }
  const byFile = new Map(screens.map((s) => [s.file, s]));
  const routeMatch = (pattern: string, target: string) => {
    const a = pattern.split('/');
    const b = target.split('?')[0]!.split('/');
    return a.length === b.length && a.every((seg, i) => seg === b[i] || seg.startsWith(':') || /^\{\w+\}$/.test(b[i]!));
  };
  const screensAt = (to: string) => screens.filter((s) => s.routes.some((r) => routeMatch(r, to)));

  type Acc = { codes: Set<string>; open: Set<string>; openToAll: boolean; where: Set<string>; urls: Set<string> };
  const entityAcc = new Map<string, Acc>();
  const endpointAcc = new Map<string, Acc>();
  const acc = (m: Map<string, Acc>, key: string) => {
    let a = m.get(key);
    if (!a) m.set(key, (a = { codes: new Set(), open: new Set(), openToAll: false, where: new Set(), urls: new Set() }));
    return a;
  };
  /** Where a screen's buttons are: the routes of the screen, or of the screens that open it in a dialog. */
  type Place = { routes: string[]; toAll: boolean };
  const offer = (a: Acc, code: unknown, at: Place, file: string) => {
    if (typeof code === 'string' && code) {
      a.codes.add(normalise(code));
      a.where.add(file);
    } else {
      for (const r of at.routes) a.open.add(r);
      if (at.toAll) a.openToAll = true;
    }
  };
  const offerOp = (entity: string | undefined, op: EntityOp, code: unknown, at: Place, file: string) => {
    if (entity && entities.has(entity)) offer(acc(entityAcc, `${entity} ${op}`), code, at, file);
  };

  /** The submit of a screen opened by a navigate, a link or a dialog: create pages create, detail pages save. */
  const submitOf = (s: Screen): EntityOp | undefined => {
    if (!s.entity) return undefined;
    if (s.kind === 'create') return 'create';
    if ((s.kind === 'detail' || s.kind === 'edit' || s.kind === 'form') && s.doc.editable !== false) return 'update';
    return undefined;
  };
  const opened = (s: Screen, code: unknown, at: Place, file: string) => {
    const op = submitOf(s);
    if (op) offerOp(s.entity, op, code, at, file);
  };

  const visitScreen = (s: Screen, at: Place, seen: Set<string>) => {
    if (seen.has(s.file)) return;
    seen.add(s.file);
    // A screen that is a menu page of its own, or that anyone may open, offers its submit there.
    const own = s.routes.filter((r) => menuSet.has(r));
    if (own.length || s.authorized) opened(s, undefined, { routes: own, toAll: s.authorized }, s.file);

    const walk = (node: unknown, entity: string | undefined, key: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const v of node) walk(v, entity, key);
        return;
      }
      const o = node as Node;
      const here = typeof o.entity === 'string' ? o.entity : entity;
      if (typeof o.link === 'string') for (const t of screensAt(o.link)) opened(t, undefined, at, s.file);
      if (typeof o.type === 'string' && (key === 'toolbar' || key === 'rowActions' || key === 'actions')) action(o, here, key);
      // An editable line tab adds lines, and edits and deletes them unless its row actions replace those buttons.
      if (o.kind === 'table' && o.editable && here) {
        offerOp(here, 'create', undefined, at, s.file);
        const table = o.table as Node | undefined;
        if (o.editable === 'inline' || !table?.rowActions) {
          offerOp(here, 'update', undefined, at, s.file);
          offerOp(here, 'delete', undefined, at, s.file);
        }
      }
      for (const [k, v] of Object.entries(o)) if (k !== 'entity') walk(v, here, k);
    };
    // What each click asks of the server comes from the action type's own entry (ACTION_TYPES.calls):
    // a type added to the language states its calls there, so no type reaches the server unguarded.
    const action = (a: Node, entity: string | undefined, key: string) => {
      const code = a.permission;
      const def = ACTION_TYPES[a.type as ActionType] as ActionTypeDef | undefined;
      for (const call of def?.calls(a, { row: key === 'rowActions', screenKind: s.kind }) ?? []) {
        if ('entityOp' in call) offerOp(entity, call.entityOp, code, at, s.file);
        else if ('endpoint' in call)
          for (const shape of pathShapes(call.endpoint.url)) {
            const e = acc(endpointAcc, `${call.endpoint.method} ${shape}`);
            e.urls.add(call.endpoint.url.split('?')[0]!);
            offer(e, code, at, s.file);
          }
        else if ('route' in call) for (const t of screensAt(call.route)) opened(t, code, at, s.file);
        else if ('screen' in call) {
          const t = byFile.get(call.screen);
          if (!t) continue;
          opened(t, code, at, s.file);
          // The dialog's own buttons sit on this page; the code of the button that opens it guards them too.
          if (typeof code === 'string' && code) continue;
          visitScreen(t, at, seen);
        }
        // A transition is guarded by its own declared permission, wherever its button is.
      }
    };
    walk(s.doc, s.entity, '');
  };
  for (const s of screens) {
    const routes = s.routes.flatMap(reaching);
    visitScreen(s, { routes: [...new Set(routes)], toAll: s.authorized }, new Set());
  }

  const finish = (m: Map<string, Acc>) =>
    new Map(
      [...m].filter(([, a]) => a.codes.size > 0).map(([k, a]) => [k, { codes: [...a.codes].sort(), openMenus: [...a.open].sort(), openToAll: a.openToAll, where: [...a.where].sort(), urls: [...a.urls].sort() }] as const),
    );
  return { entity: finish(entityAcc), endpoint: finish(endpointAcc) };
}

// ---------------------------------------------------------------------------------------------
// Enforcement
// ---------------------------------------------------------------------------------------------

/** Guards by the entity names they were derived for: they read only which entities exist. */
const derived = new Map<string, OperationGuards>();

/** The guards of this server's entities, derived once per process and catalogue (at start; about a second). */
export function operationGuards(entities: Map<string, EntityDecl>): OperationGuards {
  const key = [...entities.keys()].sort().join(',');
  let g = derived.get(key);
  if (!g) derived.set(key, (g = deriveOperationGuards(join(projectRoot, 'schemas'), entities)));
  return g;
}

/**
 * Refuses (403, naming the codes) a role that holds none of the guard's codes and reaches no screen
 * offering the operation without one. Site roles hold every code. The codes come from the role's
 * menus, as the UI's batched permission call reads them (role-grants.ts approvedCodes).
 */
export async function checkGuard(db: Queryable, auth: AuthContext, guard: Guard | undefined, what: string): Promise<void> {
  if (!guard || auth.roleLevel === 'site' || guard.openToAll) return;
  const held = await approvedCodes(cachedReads(db), auth);
  if (guard.codes.some((c) => held.has(c))) return;
  if (guard.openMenus.length && (await holdsAnyRoute(db, auth.roleId, guard.openMenus))) return;
  const codes = guard.codes.length === 1 ? `the permission code ${guard.codes[0]}` : `one of the permission codes ${guard.codes.join(', ')}`;
  throw forbidden(`Your role may not ${what}: it needs ${codes}`);
}

/** The generic create, update, delete or import of an entity, checked against the screens' codes. */
export function checkEntityOperation(db: Queryable, entities: Map<string, EntityDecl>, e: EntityDecl, auth: AuthContext, op: EntityOp): Promise<void> {
  return checkGuard(db, auth, operationGuards(entities).entity.get(`${e.name} ${op}`), `${op} ${e.name} records`);
}

type Row = Record<string, unknown>;
type Binding = { e: EntityDecl; op: EntityOp } | { e: EntityDecl; save: true } | { endpoint: Guard; what: string };

/**
 * Adds the checks to every route as it is registered (installed before any route): the generic
 * write, delete and import routes of each entity by their path, whoever registers them (a module
 * may answer a generic path itself), and each endpoint a guarded `request` button calls. Exports are
 * checked where the export branch answers (resources/export.ts), status actions by their transitions.
 * The checks run after the route's own tenant and menu checks, so an outsider still gets those.
 */
export function installOperationGuards(app: FastifyInstance, ctx: ServerContext): void {
  const guards = operationGuards(ctx.entities);
  const bindings = new Map<string, Binding[]>();
  const bind = (method: string, path: string, b: Binding) => {
    for (const shape of pathShapes(path)) {
      const key = `${method} ${shape}`;
      bindings.set(key, [...(bindings.get(key) ?? []), b]);
    }
  };
  for (const e of ctx.entities.values()) {
    for (const base of [e.paths.site, e.paths.tenant]) {
      if (!base) continue;
      bind('POST', `${base}/import`, { e, op: 'import' });
      for (const r of conventionRoutes(e, base)) {
        if (r.op === 'removeItem' || r.op === 'removeBatch') bind(r.method, r.path, { e, op: 'delete' });
        else if (r.op === 'write') bind(r.method, r.path, r.create && r.update ? { e, save: true } : { e, op: r.create ? 'create' : 'update' });
      }
    }
  }
  for (const [key, guard] of guards.endpoint) bindings.set(key, [...(bindings.get(key) ?? []), { endpoint: guard, what: `call ${key.replace(/\{\}/g, '…')}` }]);

  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const found = bindings.get(`${method} ${pathShapes(route.url ?? '')[0]}`);
      if (!found) continue;
      const early = found.filter((b) => !('save' in b));
      const late = found.filter((b) => 'save' in b) as Array<{ e: EntityDecl; save: true }>;
      if (early.length) {
        const hook = async (req: FastifyRequest) => {
          if (req.method !== method || !req.auth) return;
          // A POST to a list URL with `exportType` is an export (resources/export.ts checks that), not a create.
          const exporting = (req.query as Row | undefined)?.exportType !== undefined;
          for (const b of early) {
            if (exporting && !('endpoint' in b)) continue;
            if ('endpoint' in b) await checkGuard(ctx.db, req.auth, b.endpoint, b.what);
            else if ('op' in b) await checkEntityOperation(ctx.db, ctx.entities, b.e, req.auth, b.op);
          }
        };
        route.onRequest = [...(route.onRequest === undefined ? [] : [route.onRequest].flat()), hook] as RouteOptions['onRequest'];
      }
      if (late.length) {
        // A save creates the rows without a key and updates the others: which depends on the body.
        const hook = async (req: FastifyRequest) => {
          if (req.method !== method || !req.auth) return;
          const rows = (Array.isArray(req.body) ? req.body : [req.body]).filter((r): r is Row => !!r && typeof r === 'object');
          for (const { e } of late) {
            const keyed = (r: Row) => r[e.primaryKey] !== undefined && r[e.primaryKey] !== null && r[e.primaryKey] !== '';
            const pathKey = !!(req.params as Row | undefined)?.id;
            const ops = new Set<EntityOp>(rows.map((r) => (pathKey || keyed(r) ? 'update' : 'create')));
            for (const op of ops) await checkEntityOperation(ctx.db, ctx.entities, e, req.auth, op);
          }
        };
        route.preValidation = [hook, ...(route.preValidation === undefined ? [] : [route.preValidation].flat())] as RouteOptions['preValidation'];
      }
    }
  });
}
