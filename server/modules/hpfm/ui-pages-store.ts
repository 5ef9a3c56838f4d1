import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { Queryable } from '../../db/database.ts';
import { filters, orderBy, pageParams } from '../../resources/list-query.ts';
import { toPage } from '../../../renderer/schema/wire/page.ts';
import { selectList } from '../../resources/rows.ts';
import { addMeanings } from '../../resources/lov-values.ts';

/**
 * SQL of stored pages (`hpfm_ui_page`) and their history (`hpfm_ui_page_version`); the tables
 * come from the entity declarations ui-page.json and ui-page-version.json. Site pages have
 * tenant 0. Deleting is soft (`delete_flag`), so history survives and a code can be reused.
 */
export const SITE = 0;

export type PageLevel = 'SITE' | 'TENANT';
export type PageStatus = 'DRAFT' | 'PUBLISHED';
export type VersionAction = 'CREATE' | 'SAVE' | 'PUBLISH' | 'ROLLBACK' | 'COPY' | 'UNPUBLISH';

export interface PageRow {
  pageId: number;
  tenantId: number;
  pageCode: string;
  pageLevel: PageLevel;
  title: string | null;
  route: string | null;
  templateCode: string | null;
  entityName: string | null;
  pageKind: string | null;
  overlayFlag: number;
  statusCode: PageStatus;
  versionNumber: number;
  publishedVersion: number | null;
  publishedRoute: string | null;
  publishedDate: string | null;
  publishedByName: string | null;
  updatedByName: string | null;
  content: string | null;
  publishedContent: string | null;
  baseContent: string | null;
  objectVersionNumber: number;
  creationDate: string;
  lastUpdateDate: string;
}

export interface VersionRow {
  versionId: number;
  pageId: number;
  versionNumber: number;
  actionCode: VersionAction;
  publishedFlag: number;
  createdByName: string | null;
  creationDate: string;
  content?: string;
}

export interface Writer {
  userId: number;
  loginName: string;
}

/** Columns a caller may set through the store (everything but keys and audit columns). */
type PageValues = Partial<Omit<PageRow, 'pageId' | 'objectVersionNumber' | 'creationDate' | 'lastUpdateDate'>>;

const COLUMN: Record<keyof PageValues, string> = {
  tenantId: 'tenant_id',
  pageCode: 'page_code',
  pageLevel: 'page_level',
  title: 'title',
  route: 'route',
  templateCode: 'template_code',
  entityName: 'entity_name',
  pageKind: 'page_kind',
  overlayFlag: 'overlay_flag',
  statusCode: 'status_code',
  versionNumber: 'version_number',
  publishedVersion: 'published_version',
  publishedRoute: 'published_route',
  publishedDate: 'published_date',
  publishedByName: 'published_by_name',
  updatedByName: 'updated_by_name',
  content: 'content',
  publishedContent: 'published_content',
  baseContent: 'base_content',
};

const HEAVY = new Set(['content', 'publishedContent', 'baseContent', 'deleteFlag']);

export class UiPageStore {
  /** The list's select list: everything but the JSON texts, which only the designer loads. */
  private readonly listEntity: EntityDecl;

  constructor(
    private readonly page: EntityDecl,
    private readonly version: EntityDecl,
  ) {
    this.listEntity = { ...page, fields: page.fields.filter((f) => !HEAVY.has(f.name)) };
  }

  async find(db: Queryable, tenantId: number, pageCode: string): Promise<PageRow | undefined> {
    const r = await db.query<PageRow>(`select ${selectList(this.page)} from hpfm_ui_page t where t.tenant_id = $1 and t.page_code = $2 and t.delete_flag = 0`, [tenantId, pageCode]);
    return r.rows[0];
  }

  /**
   * A paged list like the generic one (same filters and sorts). Site: the site pages. A tenant:
   * its own pages plus the published site pages it inherits and has not overridden.
   */
  async list(db: Queryable, tenantId: number, q: Record<string, unknown>, language: string) {
    const { page, size, sort } = pageParams(q);
    const params: unknown[] = [tenantId];
    const scope =
      tenantId === SITE
        ? 't.tenant_id = $1'
        : `(t.tenant_id = $1 or (t.tenant_id = ${SITE} and t.published_version is not null and not exists (select 1 from hpfm_ui_page o where o.tenant_id = $1 and o.page_code = t.page_code and o.delete_flag = 0)))`;
    const where = ['t.delete_flag = 0', scope, ...filters(this.listEntity, q, params)].join(' and ');
    const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from hpfm_ui_page t where ${where}`, params)).rows[0]?.n ?? 0);
    const rows = (await db.query<Record<string, unknown>>(`select ${selectList(this.listEntity)} from hpfm_ui_page t where ${where} order by ${orderBy(this.listEntity, sort)} limit ${size} offset ${page * size}`, params)).rows;
    await addMeanings(db, rows, this.listEntity.fields, tenantId, language);
    return toPage(rows, page, size, total);
  }

  async insert(tx: Queryable, values: PageValues, by: Writer): Promise<PageRow> {
    const entries = Object.entries({ ...values, updatedByName: by.loginName }).filter(([, v]) => v !== undefined) as Array<[keyof PageValues, unknown]>;
    // Declared defaults are applied by code, not by the table: a new page is not deleted.
    const cols = [...entries.map(([k]) => COLUMN[k]), 'delete_flag', 'created_by', 'last_updated_by'];
    const params = [...entries.map(([, v]) => v), 0, by.userId, by.userId];
    const r = await tx.query<{ id: number }>(`insert into hpfm_ui_page (${cols.join(', ')}) values (${params.map((_, i) => `$${i + 1}`).join(', ')}) returning page_id::float8 as id`, params);
    return (await this.byId(tx, r.rows[0]!.id))!;
  }

  /**
   * Changes a page if it still has `expectedVersion` (optimistic locking, as the generic rows):
   * undefined when someone else saved in between.
   */
  async update(tx: Queryable, pageId: number, values: PageValues, by: Writer, expectedVersion?: number): Promise<PageRow | undefined> {
    const entries = Object.entries({ ...values, updatedByName: by.loginName }).filter(([, v]) => v !== undefined) as Array<[keyof PageValues, unknown]>;
    const params: unknown[] = [pageId, by.userId, ...entries.map(([, v]) => v)];
    const sets = entries.map(([k], i) => `${COLUMN[k]} = $${i + 3}`);
    let where = 'page_id = $1';
    if (expectedVersion !== undefined) {
      params.push(expectedVersion);
      where += ` and object_version_number = $${params.length}`;
    }
    const r = await tx.query(`update hpfm_ui_page set ${[...sets, 'object_version_number = object_version_number + 1', 'last_update_date = now()', 'last_updated_by = $2'].join(', ')} where ${where}`, params);
    return r.affectedRows ? this.byId(tx, pageId) : undefined;
  }

  async softDelete(tx: Queryable, pageId: number, by: Writer): Promise<void> {
    await tx.query('update hpfm_ui_page set delete_flag = 1, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $2, updated_by_name = $3 where page_id = $1', [pageId, by.userId, by.loginName]);
  }

  async byId(db: Queryable, pageId: number): Promise<PageRow | undefined> {
    return (await db.query<PageRow>(`select ${selectList(this.page)} from hpfm_ui_page t where t.page_id = $1`, [pageId])).rows[0];
  }

  async addVersion(tx: Queryable, page: PageRow, action: VersionAction, by: Writer, published = false): Promise<void> {
    await tx.query(
      `insert into hpfm_ui_page_version (tenant_id, page_id, version_number, action_code, published_flag, created_by_name, content, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [page.tenantId, page.pageId, page.versionNumber, action, published ? 1 : 0, by.loginName, page.content, by.userId],
    );
  }

  /** The history, newest first, without the texts. */
  async versions(db: Queryable, pageId: number): Promise<VersionRow[]> {
    const light = { ...this.version, fields: this.version.fields.filter((f) => f.name !== 'content') };
    return (await db.query<VersionRow>(`select ${selectList(light)} from hpfm_ui_page_version t where t.page_id = $1 order by t.version_id desc`, [pageId])).rows;
  }

  /** One saved version with its text (the latest row of that number). */
  async versionOf(db: Queryable, pageId: number, versionNumber: number): Promise<VersionRow | undefined> {
    const r = await db.query<VersionRow>(`select ${selectList(this.version)} from hpfm_ui_page_version t where t.page_id = $1 and t.version_number = $2 order by t.version_id desc limit 1`, [pageId, versionNumber]);
    return r.rows[0];
  }

  /** Published pages with a route that a tenant's users get: its own, then the site's. */
  async publishedRoutes(db: Queryable, tenantId: number): Promise<Array<{ tenantId: number; pageCode: string; publishedRoute: string }>> {
    const r = await db.query<{ tenantId: number; pageCode: string; publishedRoute: string }>(
      `select tenant_id::float8 as "tenantId", page_code as "pageCode", published_route as "publishedRoute" from hpfm_ui_page
        where delete_flag = 0 and published_version is not null and published_route is not null and tenant_id in ($1, ${SITE})
        order by (tenant_id = ${SITE}), page_code`,
      [tenantId],
    );
    return r.rows;
  }
}
