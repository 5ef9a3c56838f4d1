import { serverMoves } from '../status/lock.ts';
import type { ActionTypeDef } from './definition.ts';

const path = { type: 'string', pattern: '^/' };
const urlProp = { url: { ...path, description: 'Server path template: `{x}` from the route, the record and the user; `[{tenantId}/]` for tenant-aware paths' } };

/**
 * Every action type of the schema language, keyed by `type`. An entry says what the type takes
 * (generated into screen.meta.json's per-type `allOf`), and checks what the meta-schema cannot;
 * the renderer's implementation table is keyed by the same names (a missing one is a compile error).
 */
export const ACTION_TYPES = {
  navigate: {
    description: 'Opens a route (a template over the record) as a tab',
    properties: { to: path },
    required: ['to'],
    check: (a, p, e, c) => routeTo(a.to as string, `${p}/to`, e, c),
    calls: (a) => [{ route: a.to as string }],
  },
  back: {
    description: 'Goes back to the previous route, or to `to`',
    properties: { to: path },
    check: (a, p, e, c) => {
      if (typeof a.to === 'string') routeTo(a.to, `${p}/to`, e, c);
    },
    calls: (a) => (typeof a.to === 'string' ? [{ route: a.to }] : []),
  },
  request: {
    description: 'Calls a server path with the record, the record as a one-row list, the selected rows or nothing, then refreshes',
    properties: {
      ...urlProp,
      method: { enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] },
      body: { enum: ['record', 'recordList', 'selected', 'none'] },
      bodyItem: { type: 'object', description: 'Each body row in the backend\'s shape: string values are templates over the row, route and user ("{id}" keeps the id a number)' },
      created: {
        type: 'object',
        required: ['entity'],
        additionalProperties: false,
        description: 'The call creates documents of `entity` (one declaring `document`): the message after it names each with a link. Their keys are read from the answer, or from its property `list`',
        properties: { entity: { type: 'string', minLength: 1 }, list: { type: 'string', minLength: 1 } },
      },
      ask: {
        type: 'array',
        minItems: 1,
        description: 'Values asked in a dialog before the call (an opening password, how many to draw), sent as body properties beside the record',
        items: {
          type: 'object',
          required: ['name', 'label'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
            label: { type: 'string', minLength: 1 },
            widget: { enum: ['input', 'password', 'integer', 'lookup'] },
            lovView: { type: 'string', minLength: 1 },
            required: { type: 'boolean' },
            min: { type: 'number' },
            max: { type: 'number' },
            maxLength: { type: 'integer', minimum: 1 },
            default: { type: ['string', 'number'] },
          },
        },
      },
    },
    required: ['url'],
    check: (a, p, e, c) => {
      const method = (a.method as string) ?? 'POST';
      if (!c.endpointExists(a.url as string, method)) c.add(`${p}/url`, `the server has no ${method} ${String(a.url)}`);
      c.urlParams(a.url as string, `${p}/url`, e);
      ((a.ask as Array<{ widget?: string; lovView?: string }> | undefined) ?? []).forEach((q, i) => {
        if ((q.widget === 'lookup') !== (q.lovView !== undefined)) c.add(`${p}/ask/${i}`, 'a lookup names its lovView, and only a lookup has one');
        else if (q.lovView !== undefined && !c.ctx.lovViews.has(q.lovView)) c.add(`${p}/ask/${i}/lovView`, `LOV view "${q.lovView}" is not seeded${c.suggest(q.lovView, c.ctx.lovViews)}`);
      });
      const made = (a.created as { entity?: string } | undefined)?.entity;
      if (made !== undefined && !c.ctx.entities.get(made)?.document) c.add(`${p}/created/entity`, `"${made}" is not an entity declaring "document"${c.suggest(made, [...c.ctx.entities.values()].filter((x) => x.document).map((x) => x.name))}`);
    },
    // The renderer's request defaults to POST (renderer/actions/request.ts): the guard must see the same call.
    calls: (a) => [{ endpoint: { method: String(a.method ?? 'POST').toUpperCase(), url: a.url as string } }],
  },
  delete: { description: "Deletes the row or the selected rows of the screen's entity", properties: {}, needsEntity: true, calls: () => [{ entityOp: 'delete' }] },
  transition: {
    description: "Runs a declared status transition of the screen's entity",
    properties: { action: { type: 'string', description: 'A transition of the entity’s status machine' } },
    required: ['action'],
    needsEntity: true,
    check: (a, p, e, c) => {
      const t = String(a.action);
      if (e && !e.status?.transitions[t]) c.add(`${p}/action`, `entity ${e.name} declares no transition "${t}"${c.suggest(t, Object.keys(e.status?.transitions ?? {}))}`);
      // A button the server always refuses: the move is the server's (declared system, or the approval's).
      else if (e && serverMoves(e).has(t)) c.add(`${p}/action`, `"${t}" of ${e.name} is the server's move (${e.status!.transitions[t]!.system ? 'declared system' : 'its approval process takes it'}): no request may take it`);
    },
    calls: (a) => [{ transition: String(a.action) }],
  },
  export: {
    description: 'Exports the current query (CSV or Excel .xlsx; the visible columns; the selected rows or the whole search)',
    properties: { ...urlProp },
    needsEntity: true,
    calls: (a) => [{ entityOp: 'export', ...(typeof a.url === 'string' ? { url: a.url } : {}) }],
  },
  refresh: { description: "Reloads the page's data", properties: {}, calls: () => [] },
  save: { description: 'Validates and saves the form of a detail page', properties: {}, calls: (_a, at) => [{ entityOp: at.screenKind === 'create' ? 'create' : 'update' }] },
  modal: {
    description: 'Opens another screen file in a dialog',
    properties: {
      screen: { type: 'string', description: 'A schema file such as "hpfm/currency.create.json"' },
      params: { type: 'object', additionalProperties: { type: 'string' } },
      width: { type: 'integer', minimum: 320, maximum: 1400 },
    },
    required: ['screen'],
    check: (a, p, _e, c) => {
      const screen = a.screen as string;
      if (!c.ctx.screenFiles.has(screen)) c.add(`${p}/screen`, `no schema file ${screen}${c.suggest(screen, c.ctx.screenFiles)}`);
    },
    calls: (a) => [{ screen: a.screen as string }],
  },
  form: { description: "Opens the record form of a list with editable columns or of an editable detail tab", properties: {}, calls: (_a, at) => [{ entityOp: at.row ? 'update' : 'create' }] },
  import: {
    description: "Imports a CSV file into the screen's entity, or posts it to `url`",
    properties: { ...urlProp },
    check: (a, p, e, c) => {
      if (!e && typeof a.url !== 'string') c.add(p, 'import needs the screen\'s entity or "url"');
      if (typeof a.url === 'string' && !c.endpointExists(a.url, 'POST')) c.add(`${p}/url`, `the server has no POST ${a.url}`);
    },
    // Guarded as its entity's import either way: a runtime import posts to its own URL the entity's rows.
    calls: (a) => [{ entityOp: 'import', ...(typeof a.url === 'string' ? { url: a.url } : {}) }],
  },
  download: {
    description: 'Downloads a file from `url`, or the files of an attachment field',
    properties: { ...urlProp, field: { type: 'string', description: 'An attachment field of the record whose files are downloaded' } },
    check: (a, p, e, c) => {
      if (typeof a.url === 'string') {
        if (!c.endpointExists(a.url, 'GET')) c.add(`${p}/url`, `the server has no GET ${a.url.split('?')[0]}`);
        c.urlParams(a.url, `${p}/url`, e);
      } else if (typeof a.field !== 'string') c.add(p, 'download needs "url" or "field" (an attachment field)');
      else if (e && !e.fields.some((f) => f.name === a.field && f.type === 'attachment')) c.add(`${p}/field`, `"${String(a.field)}" is not an attachment field of ${e.name}`);
    },
    // A field's files come through the file service, which checks the record they belong to.
    calls: (a) => (typeof a.url === 'string' ? [{ endpoint: { method: 'GET', url: a.url } }] : []),
  },
  print: {
    description: "Prints the record of a detail page (header fields, every line of its line tabs, totals) in a print view, a row's fields, or a list page as shown",
    properties: { title: { $ref: '#/definitions/label', description: "The sheet's heading (default: the screen's title)" } },
    calls: () => [],
  },
  custom: {
    description: 'Runs an action handler registered by name (src/custom/register.ts, listed in schemas/catalogue/custom.json)',
    properties: {
      handler: { type: 'string' },
      field: { type: 'string', description: 'A field of the record the handler works on' },
      params: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['handler'],
    check: (a, p, _e, c) => {
      const h = a.handler as string;
      if (!c.ctx.customHandlers.has(h)) c.add(`${p}/handler`, `no custom handler "${h}" is registered${c.suggest(h, c.ctx.customHandlers)}`);
    },
    // A handler's calls are its own code's (platform calls); the server guards those routes themselves.
    calls: () => [],
  },
} satisfies Record<string, ActionTypeDef>;

export type ActionType = keyof typeof ACTION_TYPES;

/** Properties every action takes, whatever its type. */
export const COMMON_ACTION_PROPERTIES: Record<string, Record<string, unknown>> = {
  type: { type: 'string' },
  label: { $ref: '#/definitions/label' },
  icon: { type: 'string' },
  style: { enum: ['primary', 'default', 'danger', 'link'] },
  permission: { type: 'string', pattern: '^[a-z][A-Za-z0-9\\-.]*\\.button\\.[a-z\\-]+$' },
  visible: { $ref: '#/definitions/expression' },
  disabled: { $ref: '#/definitions/expression' },
  confirm: { $ref: '#/definitions/label' },
  success: { $ref: '#/definitions/label' },
};

function routeTo(to: string, path: string, e: Parameters<NonNullable<ActionTypeDef['check']>>[2], c: Parameters<NonNullable<ActionTypeDef['check']>>[3]): void {
  if (!c.routeServed(to)) c.add(path, `no screen serves ${to}`);
  c.urlParams(to, path, e);
}
