import { dependencies, parseExpression } from '../expressions/parse.ts';
import { EXPRESSION_ROOTS } from '../expressions/check-expression.ts';
import { ACTION_TYPES } from '../types/actions.ts';
import { statusesOf } from '../status/groups.ts';
import { workflowsOf } from '../status/workflows.ts';
import type { ActionTypeDef, PageKindDef, ScreenChecker } from '../types/definition.ts';
import { PAGE_KINDS } from '../types/page-kinds.ts';
import type { EntityDecl, EntityField } from '../entity.ts';
import { RECORD_SOURCES } from '../fill.ts';
import type { Label } from '../label.ts';
import { suggest, SYSTEM_DATE_FIELDS } from '../resolve-field.ts';
import type { CheckContext } from './check-context.ts';
import type { Problem } from './problems.ts';
import { meaningOf } from '../meaning.ts';

type Json = Record<string, unknown>;

const USER_VARS = ['tenantId', 'organizationId', 'id', 'loginName', 'roleId', 'roleCode', 'roleLevel', 'language'];

const segmentsOf = (url: string) => url.split('?')[0]!.split('/').filter(Boolean);

/** `/hiam/user/detail/{id}` matches the route `/hiam/user/detail/:id`. */
export function routeMatches(template: string, routes: Iterable<string>): boolean {
  const t = segmentsOf(template);
  for (const r of routes) {
    const s = segmentsOf(r);
    if (s.length === t.length && s.every((seg, i) => seg.startsWith(':') || /^\{\w+\}$/.test(t[i]!) || seg === t[i])) return true;
  }
  return false;
}

/** Both variants of `[{tenantId}/]` and each `{x}` as a parameter, compared with the server's routes. */
export function endpointExists(url: string, method: string, ctx: CheckContext): boolean {
  const variants = url.includes('[{') ? [url.replace(/\[(\{\w+\}\/)\]/g, '$1'), url.replace(/\[\{\w+\}\/\]/g, '')] : [url];
  return variants.every((v) => {
    const t = segmentsOf(v);
    return ctx.endpoints.some((e) => e.method === method && e.segments.length === t.length && e.segments.every((seg, i) => seg.startsWith(':') ? true : /^\{\w+\}$/.test(t[i]!) ? false : seg === t[i]));
  });
}

export function checkScreen(doc: Json, file: string, ctx: CheckContext): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ file, path, message });
  const routes = [doc.route, ...((doc.routes as string[]) ?? [])].filter((r): r is string => typeof r === 'string');
  const routeParams = new Set(routes.flatMap((r) => segmentsOf(r).filter((s) => s.startsWith(':')).map((s) => s.slice(1))));

  const label = (l: unknown, path: string) => {
    if (typeof l !== 'string') return;
    if (ctx.i18nKeys.has(l)) return;
    const partial = ctx.i18nPartial.get(l);
    if (partial) add(path, `i18n key "${l}" has no ${partial} text`);
    else add(path, `i18n key "${l}" does not exist in schemas/i18n${suggest(l, [...ctx.i18nKeys])}`);
  };
  const expr = (e: unknown, path: string) => {
    if (typeof e !== 'string') return;
    try {
      const { roots } = dependencies(parseExpression(e));
      for (const r of roots) if (!EXPRESSION_ROOTS.includes(r)) add(path, `expression uses unknown name "${r}"${suggest(r, EXPRESSION_ROOTS)}`);
    } catch (err) {
      add(path, `expression does not parse: ${(err as Error).message}`);
    }
  };
  const urlParams = (url: string, path: string, entity?: EntityDecl) => {
    for (const m of url.matchAll(/\{(\w+)\}/g)) {
      const name = m[1]!;
      if (routeParams.has(name) || USER_VARS.includes(name) || entity?.fields.some((f) => f.name === name) || entity?.primaryKey === name) continue;
      add(path, `{${name}} is bound neither by the route (${routes.join(', ') || 'none'}), the user, nor a field of ${entity?.name ?? 'the entity'}`);
    }
  };

  label(doc.title, '/title');
  const entityName = doc.entity as string | undefined;
  const entity = entityName ? ctx.entities.get(entityName) : undefined;
  if (entityName && !entity) add('/entity', `unknown entity "${entityName}"${suggest(entityName, [...ctx.entities.keys()])}`);

  const field = (e: EntityDecl | undefined, item: unknown, path: string, kind: 'field' | 'column') => {
    if (!e) return;
    const ref = (typeof item === 'string' ? { field: item } : item) as Json;
    const p = typeof item === 'string' ? path : `${path}/field`;
    const name = ref.field as string;
    const decl = e.fields.find((f) => f.name === name && !f.private) ?? (Object.hasOwn(SYSTEM_DATE_FIELDS, name) ? SYSTEM_DATE_FIELDS[name] : undefined);
    if (!decl) add(p, `"${name}" is not a field of entity ${e.name}${suggest(name, e.fields.filter((f) => !f.private).map((f) => f.name))}`);
    if (typeof item === 'string') return;
    label(ref.label, `${path}/label`);
    for (const k of ['visible', 'value']) expr(ref[k], `${path}/${k}`);
    for (const k of ['required', 'disabled']) if (typeof ref[k] === 'string') expr(ref[k], `${path}/${k}`);
    if (kind === 'field' && typeof ref.widget === 'string' && !ctx.widgets.has(ref.widget)) add(`${path}/widget`, `unknown widget "${ref.widget}"${suggest(ref.widget, [...ctx.widgets])}`);
    if (kind === 'field' && typeof ref.lov === 'string' && !ctx.lovCodes.has(ref.lov)) add(`${path}/lov`, `value set "${ref.lov}" is not seeded${suggest(ref.lov, [...ctx.lovCodes])}`);
    if (kind === 'column' && typeof ref.cell === 'string' && !ctx.cells.has(ref.cell)) add(`${path}/cell`, `unknown cell "${ref.cell}"${suggest(ref.cell, [...ctx.cells])}`);
    if (typeof ref.link === 'string') {
      if (!routeMatches(ref.link, ctx.screenRoutes)) add(`${path}/link`, `no screen serves ${ref.link}`);
      urlParams(ref.link, `${path}/link`, e);
    }
    if (kind === 'field' && ref.check && typeof (ref.check as Json).url === 'string') fieldCheck(ref.check as Json, `${path}/check`, e);
    if (ref.lovMap && e) for (const [target, _src] of Object.entries(ref.lovMap as Json)) if (!e.fields.some((f) => f.name === target)) add(`${path}/lovMap/${target}`, `"${target}" is not a field of entity ${e.name}`);
  };

  // An async field check: the server answers GET on its path; `{value}` is the field's value.
  const fieldCheck = (c: Json, path: string, e: EntityDecl) => {
    const url = c.url as string;
    label(c.message, `${path}/message`);
    if (!endpointExists(url, 'GET', ctx)) add(`${path}/url`, `the server has no GET ${url.split('?')[0]}`);
    for (const m of url.matchAll(/\{(\w+)\}/g)) {
      const name = m[1]!;
      if (name === 'value' || routeParams.has(name) || USER_VARS.includes(name) || e.primaryKey === name || e.fields.some((f) => f.name === name)) continue;
      add(`${path}/url`, `{${name}} is bound neither by the field's value, the route, the user, nor a field of ${e.name}`);
    }
  };

  const action = (a: Json, path: string, e: EntityDecl | undefined) => {
    const type = a.type as string;
    const def = Object.hasOwn(ACTION_TYPES, type) ? (ACTION_TYPES as Record<string, ActionTypeDef>)[type] : undefined;
    if (!def || !ctx.actionTypes.has(type)) add(`${path}/type`, `unknown action type "${type}"${suggest(type, [...ctx.actionTypes])}`);
    label(a.label, `${path}/label`);
    label(a.confirm, `${path}/confirm`);
    label(a.success, `${path}/success`);
    expr(a.visible, `${path}/visible`);
    expr(a.disabled, `${path}/disabled`);
    if (typeof a.permission === 'string' && !ctx.permissionCodes.has(a.permission)) add(`${path}/permission`, `permission "${a.permission}" is not in the seeded permission catalogue${suggest(a.permission, [...ctx.permissionCodes])}`);
    if (!def) return;
    // What the meta-schema already says (required properties) is not repeated here.
    if (def.required?.some((k) => a[k] === undefined)) return;
    if (def.needsEntity && !e) add(path, `${type} needs the screen's entity`);
    def.check?.(a, path, e, checker);
  };

  const endpoint = (ep: unknown, path: string, method: string, e?: EntityDecl) => {
    if (!ep || typeof ep !== 'object') return;
    const x = ep as Json;
    // A list endpoint without a url uses the entity's list path (its params fill that path).
    if (x.url === undefined) return;
    const url = x.url as string;
    const m = (x.method as string) ?? method;
    if (!endpointExists(url, m, ctx)) add(`${path}/url`, `the server has no ${m} ${url}`);
    urlParams(url, `${path}/url`, e);
  };

  const table = (t: Json | undefined, path: string, e: EntityDecl | undefined) => {
    if (!t) return;
    ((t.columns as unknown[]) ?? []).forEach((c, i) => field(e, c, `${path}/columns/${i}`, 'column'));
    ((t.rowActions as Json[]) ?? []).forEach((a, i) => action(a, `${path}/rowActions/${i}`, e));
    if (typeof t.rowKey === 'string' && e && t.rowKey !== e.primaryKey && !e.fields.some((f) => f.name === t.rowKey)) add(`${path}/rowKey`, `"${t.rowKey}" is not a field of ${e.name}`);
    const tree = t.tree as Json | undefined;
    if (tree && e && typeof tree.parentField === 'string' && !e.fields.some((f) => f.name === tree.parentField && !f.private)) {
      add(`${path}/tree/parentField`, `"${String(tree.parentField)}" is not a field of ${e.name}${suggest(String(tree.parentField), e.fields.filter((f) => !f.private).map((f) => f.name))}`);
    }
    // A summary sums a column the table shows; any other name would silently show nothing.
    const shown = ((t.columns as unknown[]) ?? []).map((c) => (typeof c === 'string' ? c : String((c as Json).field)));
    for (const name of Object.keys((t.summary as Json | undefined) ?? {})) {
      if (!shown.includes(name)) add(`${path}/summary/${name}`, `"${name}" is not a column of this table${suggest(name, shown)}`);
    }
    expr(t.summaryWhere, `${path}/summaryWhere`);
    expr(t.highlight, `${path}/highlight`);
  };
  const sections = (list: unknown, path: string, e: EntityDecl | undefined) => {
    ((list as Json[]) ?? []).forEach((s, si) => {
      label(s.title, `${path}/${si}/title`);
      expr(s.visible, `${path}/${si}/visible`);
      ((s.fields as unknown[]) ?? []).forEach((f, fi) => field(e, f, `${path}/${si}/fields/${fi}`, 'field'));
    });
    // A field is shown once: a lookup of a record by its id shows the record's name, so a read-only
    // copy of the name it fills beside it (the supplier twice, once as a lookup, once greyed out) is
    // refused. A lookup of a code shows the code, and its name beside it is no copy.
    const all = ((list as Json[]) ?? []).flatMap((s, si) => ((s.fields as unknown[]) ?? []).map((f, fi) => ({ f: (typeof f === 'string' ? { field: f } : f) as Json, at: `${path}/${si}/fields/${fi}` })));
    for (const { f } of all) {
      if (e?.fields.find((x) => x.name === f.field)?.type !== 'integer') continue;
      for (const target of Object.keys((f.lovMap as Json | undefined) ?? {})) {
        const copy = all.find((x) => x.f.field === target && x.f.disabled === true && x.f.visible === undefined);
        if (copy) add(copy.at, `"${target}" is shown twice: the lookup "${String(f.field)}" beside it fills and shows it`);
      }
    }
  };

  const checker: ScreenChecker = {
    ctx,
    add,
    label,
    expr,
    urlParams,
    endpointExists: (url, method) => endpointExists(url, method, ctx),
    routeServed: (template) => routeMatches(template, ctx.screenRoutes),
    suggest: (name, known) => suggest(name, [...known]),
    field,
    action,
    table,
    sections,
    endpoint,
    entity,
    routes,
    routeParams,
  };
  const kind = doc.kind as string;
  if (Object.hasOwn(PAGE_KINDS, kind)) (PAGE_KINDS as Record<string, PageKindDef>)[kind]!.check(doc, checker);
  return out;
}

/** Entity declarations: value sets, LOV views and label keys they name exist; status and sort fields are declared. */
/** Why `fill` cannot fill this field, or undefined when it can (renderer/schema/fill.ts). */
function fillProblem(f: EntityField): string | undefined {
  if (f.readOnly) return `a filled field is writable (a value the person may still change)`;
  if (f.default !== undefined) return `a field with a default is never filled: drop one of them`;
  if (f.fill === 'today') return f.type === 'date' ? undefined : `"today" fills a date field`;
  if (RECORD_SOURCES.includes(f.fill!)) return f.type === 'string' || (f.type === 'integer' && f.lovView) ? undefined : `"${f.fill}" fills a lookup by id (an integer with lovView) or a text field with its name`;
  return f.type === 'string' ? undefined : `"${f.fill}" fills a text field`;
}

export function checkEntity(e: EntityDecl, file: string, ctx: CheckContext): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ file, path, message });
  const names = e.fields.map((f) => f.name);
  const lbl = (l: Label | undefined, path: string) => {
    if (typeof l === 'string' && !ctx.i18nKeys.has(l)) add(path, `i18n key "${l}" is missing in ${ctx.i18nPartial.get(l) ? ctx.i18nPartial.get(l) : 'schemas/i18n'}${suggest(l, [...ctx.i18nKeys])}`);
  };
  lbl(e.label, '/label');
  e.fields.forEach((f, i) => {
    if (!f.private) lbl(f.label, `/fields/${i}/label`);
    if (f.lov && !ctx.lovCodes.has(f.lov)) add(`/fields/${i}/lov`, `value set "${f.lov}" is not seeded${suggest(f.lov, [...ctx.lovCodes])}`);
    if (f.lovView && !ctx.lovViews.has(f.lovView)) add(`/fields/${i}/lovView`, `LOV view "${f.lovView}" is not seeded${suggest(f.lovView, [...ctx.lovViews])}`);
  });
  if (e.status && !names.includes(e.status.field)) add('/status/field', `"${e.status.field}" is not a field`);
  if (e.status?.groups) {
    const known = statusesOf(e.status);
    for (const [g, list] of Object.entries(e.status.groups))
      list.forEach((st, i) => {
        if (!known.has(st)) add(`/status/groups/${g}/${i}`, `"${st}" is no status of ${e.name}'s machine${suggest(st, [...known])}`);
      });
  }
  for (const [name, t] of Object.entries(e.status?.transitions ?? {})) {
    const at = `/status/transitions/${name}`;
    (t.fields ?? []).forEach((f, i) => {
      if (!names.includes(f)) add(`${at}/fields/${i}`, `"${f}" is not a field${suggest(f, names)}`);
      else if (f === e.status!.field || f === e.primaryKey) add(`${at}/fields/${i}`, `"${f}" is moved by the transition itself`);
    });
    (t.required ?? []).forEach((f, i) => {
      if (!(t.fields ?? []).includes(f)) add(`${at}/required/${i}`, `"${f}" is not one of the transition's fields`);
    });
    for (const k of ['remember', 'restore', 'stamp'] as const) if (t[k] !== undefined && !names.includes(t[k])) add(`${at}/${k}`, `"${t[k]}" is not a field`);
    if (t.by && !e.supplierField) add(`${at}/by`, `${e.name} has no supplierField: no side to tell apart`);
    (t.effects ?? []).forEach((fx, i) => {
      const target = ctx.entities.get(fx.entity);
      const move = target?.status?.transitions[fx.action];
      if (!target) add(`${at}/effects/${i}/entity`, `unknown entity "${fx.entity}"`);
      else if (!move) add(`${at}/effects/${i}/action`, `${fx.entity} has no transition "${fx.action}"`);
      for (const [to, from] of Object.entries(fx.match)) {
        if (target && to !== target.primaryKey && !target.fields.some((f) => f.name === to)) add(`${at}/effects/${i}/match`, `"${to}" is not a field of ${fx.entity}`);
        if (from !== e.primaryKey && !names.includes(from)) add(`${at}/effects/${i}/match`, `"${from}" is not a field`);
      }
    });
    if (t.parentStatus) {
      const p = e.parent && ctx.entities.get(e.parent.entity);
      if (!p?.status) add(`${at}/parentStatus`, `${e.name} is not a line of a document with a status`);
    }
  }
  workflowsOf(e).forEach((wf, i) => {
    const at = Array.isArray(e.workflow) ? `/workflow/${i}` : '/workflow';
    const moves = e.status?.transitions ?? {};
    const approving = moves[wf.submit]?.to;
    if (!moves[wf.submit]) add(`${at}/submit`, `${e.name} has no transition "${wf.submit}"`);
    for (const k of ['approve', 'reject', 'recall'] as const) {
      const m = wf[k];
      if (m === undefined) continue;
      if (!moves[m]) add(`${at}/${k}`, `${e.name} has no transition "${m}"`);
      else if (approving && !moves[m]!.from.includes(approving)) add(`${at}/${k}`, `"${m}" does not start from ${approving}, where "${wf.submit}" leads`);
    }
  });
  if (e.parent && !ctx.entities.has(e.parent.entity)) add('/parent/entity', `unknown entity "${e.parent.entity}"`);
  if (e.parent && !names.includes(e.parent.field)) add('/parent/field', `"${e.parent.field}" is not a field`);
  (e.indexes ?? []).forEach((cols, i) =>
    cols.forEach((f, j) => {
      if (f !== e.primaryKey && !names.includes(f)) add(`/indexes/${i}/${j}`, `"${f}" is not a field`);
    }),
  );
  if (e.defaultSort) {
    const f = e.defaultSort.split(',')[0]!;
    if (f !== e.primaryKey && !names.includes(f)) add('/defaultSort', `"${f}" is not a field`);
  }
  if (e.tenantField && !names.includes(e.tenantField)) add('/tenantField', `"${e.tenantField}" is not a field`);
  if (e.supplierSeenField && !e.fields.find((f) => f.name === e.supplierSeenField)?.readOnly) add('/supplierSeenField', `"${e.supplierSeenField}" is not a read-only field (a request could set it and show the row to suppliers)`);
  if (e.supplierField && e.fields.find((f) => f.name === e.supplierField)?.type !== 'integer') add('/supplierField', `"${e.supplierField}" is not an integer field`);
  if (e.sealed) {
    if (!e.supplierField) add('/sealed', 'a sealed offer needs a supplierField: only the row\'s supplier reads it before opening');
    for (const f of [e.sealed.document, ...e.sealed.bind]) if (!names.includes(f)) add('/sealed', `"${f}" is not a field`);
    for (const [name, env] of Object.entries(e.sealed.envelopes)) {
      const holder = e.fields.find((f) => f.name === env.field);
      // A holder that left the server would hand every caller the ciphertext and its length.
      if (!holder?.private || holder.type !== 'text') add(`/sealed/envelopes/${name}/field`, `"${env.field}" is not a private text field`);
      for (const f of env.fields) if (!names.includes(f)) add(`/sealed/envelopes/${name}/fields`, `"${f}" is not a field`);
    }
  }
  if (e.opening) {
    const o = e.opening;
    o.moves.forEach((m, i) => {
      if (!e.status?.transitions[m]) add(`/opening/moves/${i}`, `${e.name} has no transition "${m}"`);
    });
    const hash = e.fields.find((f) => f.name === o.passwordHash);
    // A hash that left the server could be guessed at offline.
    if (!hash?.private) add('/opening/passwordHash', `"${o.passwordHash}" is not a private field`);
    if (!e.fields.find((f) => f.name === o.passwordFlag)?.readOnly) add('/opening/passwordFlag', `"${o.passwordFlag}" is not a read-only field`);
  }
  if (e.document) {
    const d = e.document;
    if (!names.includes(d.number)) add('/document/number', `"${d.number}" is not a field`);
    lbl(d.label, '/document/label');
    const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    const menus = [...asList(e.permissions?.read), ...asList(e.permissions?.write)];
    d.pages.forEach((p, i) => {
      if (!routeMatches(p.route, ctx.screenRoutes)) add(`/document/pages/${i}/route`, `no screen serves "${p.route}"`);
      for (const [, k] of p.route.matchAll(/\{(\w+)\}/g)) if (k !== e.primaryKey && !names.includes(k!)) add(`/document/pages/${i}/route`, `"${k}" is not a field`);
      // The page opens for whoever holds the menu: it must be a menu that reads this entity, or the link would lead to a refusal.
      if (!menus.includes(p.menu)) add(`/document/pages/${i}/menu`, `"${p.menu}" is not one of ${e.name}'s read or write menus (permissions)`);
    });
  }
  e.fields.forEach((f, i) => {
    if (f.source !== undefined) {
      if (!ctx.entities.has(f.source)) add(`/fields/${i}/source`, `unknown entity "${f.source}"${suggest(f.source, [...ctx.entities.keys()])}`);
      else if (f.type !== 'integer') add(`/fields/${i}/source`, `a source link holds the source record's key: an integer`);
    }
    if (f.fill) {
      const problem = fillProblem(f);
      if (problem) add(`/fields/${i}/fill`, problem);
    }
    if (f.sequence && !(e.parent && f.readOnly && f.type === 'integer')) add(`/fields/${i}/sequence`, `a line number must be a readOnly integer of a line entity (parent)`);
    if (f.formula && !f.readOnly) add(`/fields/${i}/formula`, `a computed field must be readOnly`);
    if (f.currency === undefined) return;
    if (f.type !== 'money') add(`/fields/${i}/currency`, `only a money field has a currency`);
    const onParent = f.currency.startsWith('parent.');
    const holder = onParent ? (e.parent ? ctx.entities.get(e.parent.entity) : undefined) : e;
    const name = onParent ? f.currency.slice('parent.'.length) : f.currency;
    if (onParent && !e.parent) add(`/fields/${i}/currency`, `${e.name} is not a line: it has no parent`);
    else if (holder && !holder.fields.some((x) => x.name === name)) add(`/fields/${i}/currency`, `"${name}" is not a field of ${holder.name}`);
  });
  if (e.api?.item && !e.api.item.includes(`{${e.primaryKey}}`)) add('/api/item', `must hold the primary key "{${e.primaryKey}}"`);
  // A display text lands in the row under meaningOf(field): it must not overwrite a field or another's text.
  const meanings = new Map<string, string>();
  e.fields.forEach((f, i) => {
    if (!f.lov && !f.lovView) return;
    const m = meaningOf(f.name);
    if (names.includes(m)) add(`/fields/${i}/name`, `its display text "${m}" would overwrite the field of that name`);
    else if (meanings.has(m)) add(`/fields/${i}/name`, `its display text "${m}" is also "${meanings.get(m)}"'s`);
    meanings.set(m, f.name);
  });
  return out;
}
