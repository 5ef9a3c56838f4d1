import type { EntityDecl, EntityField } from './entity.ts';
import type { Label } from './label.ts';

/**
 * A first version of a screen from its entity declaration: the starting point of
 * `npm run new:screen` and of a stored page created from a template in /hpfm/ui/page. It only
 * picks sensible fields; the author then edits the result like any other schema.
 */
export type ScaffoldKind = 'list' | 'detail' | 'create';
export const SCAFFOLD_KINDS: ScaffoldKind[] = ['list', 'detail', 'create'];

export interface ScaffoldOptions {
  route?: string;
  kind: ScaffoldKind;
  entity: EntityDecl;
  title?: Label;
  /** Route of the record's detail screen (`/x/detail/:id`): list links and create's afterSubmit go there. */
  detailRoute?: string;
  /** Route of the create screen: the list gets a "create" button. */
  createRoute?: string;
}

type Json = Record<string, unknown>;

/** Long texts, structures and files make poor columns and search fields. */
const WIDE: EntityField['type'][] = ['text', 'richtext', 'json', 'attachment'];

const visible = (e: EntityDecl) => e.fields.filter((f) => !f.private && f.name !== e.primaryKey);

/** `/smdm/payment-terms` → "Payment terms" (a title until the author adds i18n keys). */
function titleFromRoute(route: string | undefined, e: EntityDecl): Label {
  if (typeof e.label === 'string') return e.label;
  if (e.label) return e.label;
  const words = (route ?? e.name).split('/').filter((s) => s && !s.startsWith(':')).slice(1).join(' ').replace(/[-_]/g, ' ');
  const text = words ? words[0]!.toUpperCase() + words.slice(1) : e.name;
  return { zh_CN: text, en_US: text };
}

/** `/x/detail/:id` + a record → `/x/detail/{primaryKey}`. */
const recordLink = (route: string, e: EntityDecl) => route.replace(/:(\w+)/, `{${e.primaryKey}}`);

function listScreen(o: ScaffoldOptions): Json {
  const e = o.entity;
  const fields = visible(e);
  const search = fields.filter((f) => f.filter !== 'none' && !WIDE.includes(f.type) && (f.type === 'string' || f.lov || f.type === 'flag')).slice(0, 6);
  const columns = fields.filter((f) => !WIDE.includes(f.type)).slice(0, 8);
  const cols: Array<string | Json> = columns.map((f, i) => {
    const c: Json = { field: f.name };
    if (i === 0 && o.detailRoute) c.link = recordLink(o.detailRoute, e);
    if (f.sortable) c.sortable = true;
    return Object.keys(c).length === 1 ? f.name : c;
  });
  const screen: Json = { kind: 'list', entity: e.name };
  if (search.length) screen.search = { columns: 3, fields: search.map((f) => f.name) };
  if (o.createRoute) screen.toolbar = [{ type: 'navigate', label: 'hzero.common.button.create', style: 'primary', to: o.createRoute }];
  screen.table = { columns: cols.length ? cols : [e.primaryKey] };
  return screen;
}

function sections(e: EntityDecl, forCreate: boolean): Json[] {
  const fields = visible(e).filter((f) => !(forCreate && f.readOnly));
  return [{ columns: 3, fields: fields.map((f) => (WIDE.includes(f.type) ? { field: f.name, span: 3 } : f.name)) }];
}

/** The screen as a JSON object, properties in the order authors read them. */
export function scaffoldScreen(o: ScaffoldOptions): Json {
  const head: Json = { $schema: '../../renderer/schema/screen.meta.json', version: 1 };
  if (o.route) head.route = o.route;
  const title = o.title ?? titleFromRoute(o.route, o.entity);
  if (o.kind === 'list') {
    const { kind, entity, ...rest } = listScreen(o);
    return { ...head, kind, title, entity, ...rest };
  }
  const screen: Json = { ...head, kind: o.kind, title, entity: o.entity.name };
  if (o.kind === 'detail') {
    const param = /:(\w+)/.exec(o.route ?? '')?.[1];
    if (param) screen.idParam = param;
    screen.sections = sections(o.entity, false);
  } else {
    screen.sections = sections(o.entity, true);
    if (o.detailRoute) screen.afterSubmit = recordLink(o.detailRoute, o.entity);
  }
  return screen;
}

/** `/smdm/payment-terms` + list → `smdm/payment-terms.list.json`; `/hiam/client/detail/:id` → `hiam/client.detail.json`. */
export function screenFileFor(route: string, kind: ScaffoldKind): string {
  const segs = route.split('/').filter((s) => s && !s.startsWith(':'));
  const [module, ...rest] = segs;
  if (!module) throw new Error(`route "${route}" has no module segment`);
  const last = rest[rest.length - 1];
  const suffix = last && (SCAFFOLD_KINDS as string[]).includes(last) ? rest.pop()! : kind;
  const name = rest.join('-') || module;
  return `${module}/${name}.${suffix}.json`;
}
