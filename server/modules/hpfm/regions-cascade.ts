import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { defineRoute } from '../../http/module-route.ts';

/** A country as HZERO 1.5's `countries/all` answers it, with whether it has regions. */
export interface CountryRow {
  countryId: number;
  countryCode: string;
  countryName: string;
  enabledFlag: number;
  hasChildren: boolean;
}

/** A region as HZERO 1.5's `regions/lazy-tree` answers it (RegionDTO), with whether it has children. */
export interface RegionRow {
  regionId: number;
  regionCode: string;
  regionName: string;
  countryId: number;
  parentRegionId: number | null;
  levelNumber: number;
  hasChildren: boolean;
}

/** One step of a stored region's path, country first (`regions/cascade/path`). */
export interface CascadeNode {
  /** Country code on the top level, region code below (what a `region` field stores). */
  value: string;
  label: string;
  /** Whether the node has no enabled children (the picker then offers no further level). */
  isLeaf: boolean;
  countryId: number;
  regionId?: number;
}

const tenantParam = { tenantId: { type: 'integer' } };

/**
 * The lazy calls of the `region` field widget, next to the tree call of regions.ts, at HZERO 1.5's
 * paths and in its shapes where HZERO has them: `countries/all` (top level),
 * `countries/{countryId}/regions/lazy-tree?regionId=` (one level, loaded when a node opens); and
 * ours, `regions/cascade/path?regionCode=` (country to region, to show a stored code as its full
 * name; HZERO reads regions by id only). Every signed-in user may read them, as the tree.
 */
export async function regionCascadeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  for (const prefix of ['/hpfm/v1', '/hpfm/v1/:tenantId']) {
    const params = { type: 'object', properties: tenantParam };

    // HZERO 1.5's list of countries (`GET /countries/all`, its Country rows), with whether a country has regions.
    defineRoute(
      app,
      ctx,
      { method: 'GET', url: `${prefix}/countries/all`, level: 'platform', schema: { params, querystring: { type: 'object', properties: { enabledFlag: { type: 'integer', enum: [0, 1] }, condition: { type: 'string', maxLength: 60 } } } } },
      async (req): Promise<CountryRow[]> => {
        const q = req.query as { enabledFlag?: number; condition?: string };
        const p: unknown[] = [q.enabledFlag ?? 1];
        const like = q.condition ? `and (c.country_code ilike $2 or c.country_name ilike $2)` : '';
        if (q.condition) p.push(`%${q.condition.replace(/[%_\\]/g, '\\$&')}%`);
        const r = await db.query<CountryRow & { n: number }>(
          `select c.country_id::float8 as "countryId", c.country_code as "countryCode", c.country_name as "countryName", c.enabled_flag::int as "enabledFlag",
                  (select count(*) from hpfm_region r where r.country_id = c.country_id and r.parent_region_id is null and r.enabled_flag = 1)::int as n
             from hpfm_country c where c.enabled_flag = $1 ${like} order by c.country_code`,
          p,
        );
        return r.rows.map(({ n, ...c }) => ({ ...c, hasChildren: n > 0 }));
      },
    );

    // HZERO 1.5's one level of a country's regions (`GET /countries/{countryId}/regions/lazy-tree?regionId=`: the children of regionId, the top level without it).
    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url: `${prefix}/countries/:countryId/regions/lazy-tree`,
        level: 'platform',
        schema: {
          params: { type: 'object', properties: { ...tenantParam, countryId: { type: 'integer', minimum: 1 } } },
          querystring: { type: 'object', properties: { regionId: { type: 'integer', minimum: 1 }, enabledFlag: { type: 'integer', enum: [0, 1] } } },
        },
      },
      async (req): Promise<RegionRow[]> => {
        const { countryId } = req.params as { countryId: number };
        const q = req.query as { regionId?: number; enabledFlag?: number };
        const r = await db.query<RegionRow & { n: number }>(
          `select r.region_id::float8 as "regionId", r.region_code as "regionCode", r.region_name as "regionName", r.country_id::float8 as "countryId",
                  r.parent_region_id::float8 as "parentRegionId", r.level_number::int as "levelNumber",
                  (select count(*) from hpfm_region c where c.parent_region_id = r.region_id and c.enabled_flag = 1)::int as n
             from hpfm_region r
            where r.country_id = $1 and r.enabled_flag = $2 and ${q.regionId ? 'r.parent_region_id = $3' : 'r.parent_region_id is null'}
            order by r.region_code`,
          q.regionId ? [countryId, q.enabledFlag ?? 1, q.regionId] : [countryId, q.enabledFlag ?? 1],
        );
        return r.rows.map(({ n, ...c }) => ({ ...c, hasChildren: n > 0 }));
      },
    );

    defineRoute(
      app,
      ctx,
      { method: 'GET', url: `${prefix}/regions/cascade/path`, level: 'platform', schema: { params, querystring: { type: 'object', required: ['regionCode'], properties: { regionCode: { type: 'string', minLength: 1, maxLength: 30 } } } } },
      async (req): Promise<CascadeNode[]> => {
        const code = (req.query as { regionCode: string }).regionCode;
        // Walks up from the region to the top, then prepends the country: [country, province, city, ...].
        const r = await db.query<{ value: string; label: string; countryId: number; regionId: number; depth: number }>(
          `with recursive up(region_id, parent_region_id, region_code, region_name, country_id, depth) as (
             select region_id, parent_region_id, region_code, region_name, country_id, 0 from hpfm_region where region_code = $1
             union all
             select p.region_id, p.parent_region_id, p.region_code, p.region_name, p.country_id, up.depth + 1 from hpfm_region p join up on p.region_id = up.parent_region_id
           )
           select region_code as value, region_name as label, country_id::float8 as "countryId", region_id::float8 as "regionId", depth from up order by depth desc`,
          [code],
        );
        if (!r.rows.length) return [];
        const country = (
          await db.query<{ value: string; label: string }>('select country_code as value, country_name as label from hpfm_country where country_id = $1', [r.rows[0]!.countryId])
        ).rows[0];
        const regions = r.rows.map(({ depth, ...n }) => ({ ...n, isLeaf: depth === 0 }));
        return country ? [{ ...country, countryId: r.rows[0]!.countryId, isLeaf: false }, ...regions] : regions;
      },
    );
  }
}
