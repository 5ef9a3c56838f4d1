import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { platformScope } from '../../http/call-scope.ts';

/** One option of the cascading region picker: countries on top, then regions level by level. */
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
 * The lazy calls of the `region` field widget, next to the tree call of regions.ts:
 * `regions/cascade/countries` (top level), `regions/cascade/children?countryId=&parentRegionId=`
 * (one level, loaded when a node opens) and `regions/cascade/path?regionCode=` (country to region,
 * to show a stored code as its full name). Every signed-in user may read them, as the tree.
 */
export async function regionCascadeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  for (const prefix of ['/hpfm/v1', '/hpfm/v1/:tenantId']) {
    const params = { type: 'object', properties: tenantParam };

    app.get(`${prefix}/regions/cascade/countries`, { schema: { params } }, async (req): Promise<CascadeNode[]> => {
      platformScope(req);
      const r = await db.query<{ value: string; label: string; countryId: number; n: number }>(
        `select c.country_code as value, c.country_name as label, c.country_id::float8 as "countryId",
                (select count(*) from hpfm_region r where r.country_id = c.country_id and r.parent_region_id is null and r.enabled_flag = 1)::int as n
           from hpfm_country c where c.enabled_flag = 1 order by c.country_code`,
      );
      return r.rows.map(({ n, ...c }) => ({ ...c, isLeaf: n === 0 }));
    });

    app.get(
      `${prefix}/regions/cascade/children`,
      {
        schema: {
          params,
          querystring: { type: 'object', required: ['countryId'], properties: { countryId: { type: 'integer', minimum: 1 }, parentRegionId: { type: 'integer', minimum: 1 } } },
        },
      },
      async (req): Promise<CascadeNode[]> => {
        platformScope(req);
        const q = req.query as { countryId: number; parentRegionId?: number };
        const r = await db.query<{ value: string; label: string; countryId: number; regionId: number; n: number }>(
          `select r.region_code as value, r.region_name as label, r.country_id::float8 as "countryId", r.region_id::float8 as "regionId",
                  (select count(*) from hpfm_region c where c.parent_region_id = r.region_id and c.enabled_flag = 1)::int as n
             from hpfm_region r
            where r.country_id = $1 and r.enabled_flag = 1 and ${q.parentRegionId ? 'r.parent_region_id = $2' : 'r.parent_region_id is null'}
            order by r.region_code`,
          q.parentRegionId ? [q.countryId, q.parentRegionId] : [q.countryId],
        );
        return r.rows.map(({ n, ...c }) => ({ ...c, isLeaf: n === 0 }));
      },
    );

    app.get(
      `${prefix}/regions/cascade/path`,
      { schema: { params, querystring: { type: 'object', required: ['regionCode'], properties: { regionCode: { type: 'string', minLength: 1, maxLength: 30 } } } } },
      async (req): Promise<CascadeNode[]> => {
        platformScope(req);
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
