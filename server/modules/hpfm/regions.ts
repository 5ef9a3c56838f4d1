import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { defineRoute } from '../../http/module-route.ts';

export interface RegionNode {
  regionId: number;
  regionCode: string;
  regionName: string;
  parentRegionId: number | null;
  levelNumber: number;
  children: RegionNode[];
}

interface ParentRow {
  level_path: string;
  level_number: number;
  country_id: number;
}

async function parentOf(tx: Queryable, parentRegionId: unknown): Promise<ParentRow | undefined> {
  if (parentRegionId === null || parentRegionId === undefined || parentRegionId === '') return undefined;
  const p = (
    await tx.query<ParentRow>('select level_path, level_number::float8 as level_number, country_id::float8 as country_id from hpfm_region where region_id = $1', [
      parentRegionId,
    ])
  ).rows[0];
  if (!p) throw badRequest(`parentRegionId ${String(parentRegionId)} is not a region`);
  return p;
}

/**
 * `levelPath` (codes joined by dots from the top) and `levelNumber` are derived, never typed in:
 * set on create, and recomputed for the region and everything under it when it moves or is recoded.
 */
registerHooks('region', {
  async beforeCreate(values, { tx }) {
    const parent = await parentOf(tx, values.parentRegionId);
    if (parent && parent.country_id !== Number(values.countryId)) throw badRequest('The parent region belongs to another country');
    values.levelPath = parent ? `${parent.level_path}.${String(values.regionCode)}` : String(values.regionCode);
    values.levelNumber = parent ? parent.level_number + 1 : 1;
  },
  async afterWrite(row, action, { tx }) {
    if (action !== 'update') return;
    const parent = await parentOf(tx, row.parentRegionId);
    const oldPath = String(row.levelPath);
    if (parent && (parent.level_path === oldPath || parent.level_path.startsWith(`${oldPath}.`))) throw badRequest('A region cannot be moved under itself');
    if (parent && parent.country_id !== Number(row.countryId)) throw badRequest('The parent region belongs to another country');
    await tx.query(
      `with recursive tree(region_id, path, lvl) as (
         select r.region_id, coalesce(p.level_path || '.', '') || r.region_code, coalesce(p.level_number, 0) + 1
           from hpfm_region r left join hpfm_region p on p.region_id = r.parent_region_id where r.region_id = $1
         union all
         select c.region_id, t.path || '.' || c.region_code, t.lvl + 1 from hpfm_region c join tree t on c.parent_region_id = t.region_id
       )
       update hpfm_region r set level_path = tree.path, level_number = tree.lvl from tree where r.region_id = tree.region_id`,
      [row.regionId],
    );
    const fresh = (await tx.query<{ level_path: string; level_number: number }>('select level_path, level_number::float8 as level_number from hpfm_region where region_id = $1', [row.regionId]))
      .rows[0]!;
    row.levelPath = fresh.level_path;
    row.levelNumber = fresh.level_number;
  },
});

/**
 * Regions of a country as a tree (`/hpfm/v1/[{tenantId}/]regions/countries/regions?countryId=`)
 * and one region (`/hpfm/v1/[{tenantId}/]regions/{regionId}`). Regions are platform data every
 * signed-in user may read; the tenant form only checks that the tenant is the caller's.
 */
export async function regionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const tenantParam = { tenantId: { type: 'integer' } };
  for (const prefix of ['/hpfm/v1', '/hpfm/v1/:tenantId']) {
    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url: `${prefix}/regions/countries/regions`,
        level: 'platform',
        schema: {
          params: { type: 'object', properties: tenantParam },
          querystring: { type: 'object', required: ['countryId'], properties: { countryId: { type: 'integer', minimum: 1 }, enabledFlag: { type: 'integer', enum: [0, 1] } } },
        },
      },
      async (req) => {
        const q = req.query as { countryId: number; enabledFlag?: number };
        const rows = (
          await ctx.db.query<Omit<RegionNode, 'children'> & { enabledFlag: number }>(
            `select region_id::float8 as "regionId", region_code as "regionCode", region_name as "regionName", parent_region_id::float8 as "parentRegionId",
                    level_number::float8 as "levelNumber", enabled_flag::float8 as "enabledFlag"
               from hpfm_region where country_id = $1 and enabled_flag = $2 order by level_number, region_code`,
            [q.countryId, q.enabledFlag ?? 1],
          )
        ).rows;
        const nodes = new Map<number, RegionNode>(rows.map(({ enabledFlag: _e, ...r }) => [r.regionId, { ...r, children: [] }]));
        const roots: RegionNode[] = [];
        for (const n of nodes.values()) {
          const parent = n.parentRegionId ? nodes.get(n.parentRegionId) : undefined;
          // A region whose parent is disabled is left out with it: a picker must not offer an orphan.
          if (parent) parent.children.push(n);
          else if (!n.parentRegionId) roots.push(n);
        }
        return roots;
      },
    );

    defineRoute(
      app,
      ctx,
      { method: 'GET', url: `${prefix}/regions/:regionId`, level: 'platform', schema: { params: { type: 'object', required: ['regionId'], properties: { ...tenantParam, regionId: { type: 'integer', minimum: 1 } } } } },
      async (req) => {
        const id = (req.params as { regionId: number }).regionId;
        const row = (
          await ctx.db.query<Record<string, unknown>>(
            `select r.region_id::float8 as "regionId", r.country_id::float8 as "countryId", c.country_code as "countryCode", c.country_name as "countryName",
                    r.region_code as "regionCode", r.region_name as "regionName", r.parent_region_id::float8 as "parentRegionId", p.region_name as "parentRegionName",
                    r.level_path as "levelPath", r.level_number::float8 as "levelNumber", r.quick_index as "quickIndex", r.enabled_flag::float8 as "enabledFlag",
                    r.object_version_number as "objectVersionNumber"
               from hpfm_region r join hpfm_country c on c.country_id = r.country_id left join hpfm_region p on p.region_id = r.parent_region_id
              where r.region_id = $1`,
            [id],
          )
        ).rows[0];
        if (!row) throw notFound(`Region ${id} not found`);
        return row;
      },
    );
  }
}
