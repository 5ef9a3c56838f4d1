import type { EntityApi, ImportReport } from '../contracts/entity-api.ts';
import type { RendererServices, RequestOpts } from '../contracts/services.ts';
import type { EntityDecl } from '../schema/entity.ts';
import type { HistoryEntry } from '../schema/history.ts';
import type { Endpoint, ListEndpoint } from '../schema/screen.ts';
import { entityBase } from './endpoints.ts';
import { type CallSpec, conventionOf } from '../schema/wire/rest-convention.ts';
import { fillUrl } from './url-template.ts';

type Row = Record<string, unknown>;

export interface EntityApiOptions {
  /**
   * What URL templates read besides the record: route parameters, a header's values (the user's
   * are always there). A function is read at each call, for values that change as a user types.
   */
  vars?: Row | (() => Row);
  /** A collection URL used instead of the entity's path for every call (a list's or tab's `data.list.url`). */
  base?: string;
  /** A screen's own endpoints; each replaces the convention for that call only. */
  endpoints?: { list?: ListEndpoint; get?: Endpoint; create?: Endpoint; update?: Endpoint };
}

/**
 * Every HTTP call about an entity's records, built from its declaration, the caller's mode
 * (tenant or site) and the backend's convention (rest-convention.ts). Stores and actions ask
 * this for data and never build URLs themselves.
 */
export function entityApi(s: RendererServices, entity: EntityDecl, o: EntityApiOptions = {}): EntityApi {
  const convention = conventionOf(entity);
  const base = o.base ?? entityBase(entity, s.siteMode);
  const vars = (): Row => (typeof o.vars === 'function' ? o.vars() : (o.vars ?? {}));
  const fill = (template: string, extra: Row = {}) => fillUrl(template, { ...s.user, ...vars(), ...extra }, { siteMode: s.siteMode });
  const send = async <T>(c: CallSpec, extra: RequestOpts = {}): Promise<T> => {
    // A GET stays a bare call (no method), as the request layer defaults to it.
    const opts: RequestOpts = { ...(c.method && c.method !== 'GET' ? { method: c.method } : {}), ...(c.body !== undefined ? { body: c.body } : {}), ...extra };
    const answer = await s.request<T>(fill(c.url, c.vars), opts);
    return (c.listAnswer && Array.isArray(answer) ? answer[0] : answer) as T;
  };
  const params = (ep: Endpoint | ListEndpoint | undefined, extra: Row): Row => {
    const out: Row = {};
    for (const [k, v] of Object.entries(ep?.params ?? {})) out[k] = typeof v === 'string' ? fillUrl(v, { ...s.user, ...vars(), ...extra }) : v;
    return out;
  };
  const item = (id: unknown): Row => ({ [entity.primaryKey]: id });
  return {
    entity,
    async list(query = {}) {
      const ep = o.endpoints?.list;
      // A list's parameters are also what its path reads (`/countries/{countryId}/regions/list` with `countryId: "{id}"`).
      const p = params(ep, {});
      const data = await send<unknown>({ method: ep?.method, url: ep?.url ?? convention.list(base, entity), vars: p }, { query: { ...p, ...query } });
      return convention.page(data, ep?.response);
    },
    get(id) {
      const ep = o.endpoints?.get;
      return send<Row>({ method: ep?.method, url: ep?.url ?? convention.item(base, entity), vars: item(id) }, { query: params(ep, item(id)) });
    },
    create(body) {
      const ep = o.endpoints?.create;
      return send<Row>(ep ? { method: ep.method ?? 'POST', url: ep.url, vars: body, body } : convention.create(base, entity, body));
    },
    update(record, body = record) {
      const ep = o.endpoints?.update;
      return send<Row>(ep ? { method: ep.method ?? 'PUT', url: ep.url, vars: record, body } : convention.update(base, entity, record, body));
    },
    async remove(records) {
      if (records.length) for (const c of convention.remove(base, entity, records)) await send(c);
    },
    transition: (record, action, values) => send<Row>(convention.transition(base, entity, record, action, values)),
    async exportColumns(url) {
      const filled = fill(url ?? convention.exportUrl(base, entity));
      const columns = await s.request<Array<{ name: string; title: string }>>(filled, { query: { exportType: 'COLUMN' } });
      return { url: filled, columns };
    },
    importFile(file, url) {
      const fd = new FormData();
      fd.append('file', file, file.name);
      const c = convention.importFile(base);
      return send<ImportReport>({ ...c, url: url ?? c.url, body: fd });
    },
    async history(id) {
      const rows = await send<HistoryEntry[]>(convention.history(base, entity, id), { query: { size: 100 } });
      return Array.isArray(rows) ? rows : [];
    },
  };
}
