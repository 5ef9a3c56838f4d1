import type { Queryable } from '../../../db/database.ts';
import { loadEntities } from '../../../resources/entities.ts';
import { recomputeAll } from '../../../resources/formulas.ts';
import { DEMO_TENANT } from '../../../seed/platform-seed.ts';
import type { SeedStep } from '../../../seed/seed.ts';

/** Indicators per seeded template code: [code, name, type, weight, min, max, default, price method]. */
const INDICATORS: Record<string, Array<[string, string, string, number, number, number, number | null, string | null]>> = {
  'ST-GENERAL': [
    ['PRICE', 'Price', 'PRICE', 60, 0, 100, null, 'LOWEST_PRICE'],
    ['QUALITY', 'Quality record', 'TECHNOLOGY', 25, 0, 100, 80, null],
    ['DELIVERY', 'Delivery reliability', 'BUSINESS', 15, 0, 100, 80, null],
  ],
  'ST-SERVICE': [
    ['SOLUTION', 'Service solution', 'TECHNOLOGY', 30, 0, 100, 70, null],
    ['TEAM', 'Team and references', 'BUSINESS', 20, 0, 100, 70, null],
    ['PRICE', 'Price', 'PRICE', 50, 0, 100, null, 'AVG_DOWN'],
  ],
  'ST-TECH': [
    ['TECH', 'Technical compliance', 'TECHNOLOGY', 40, 0, 100, 60, null],
    ['QUALITY', 'Quality system', 'TECHNOLOGY', 35, 0, 100, 60, null],
    ['SERVICE', 'After-sales service', 'BUSINESS', 25, 0, 100, 60, null],
  ],
  'ST-WORKS-DRAFT': [
    ['PRICE', 'Price', 'PRICE', 55, 0, 100, null, 'LINEAR_MAPPING'],
    ['SCHEDULE', 'Construction schedule', 'TECHNOLOGY', 30, 0, 100, 60, null],
  ],
};

/**
 * Experts and score templates of the demo: the `expert` account is bound to an expert record of
 * the demo tenant (its portal and own profile have something to show); approved requisitions
 * point at an expert record as an approval would have left them; every seeded template gets its
 * indicators (the released ones summing to 100, the draft not yet).
 */
async function seedExperts(tx: Queryable): Promise<void> {
  await tx.query(
    `update ssrc_expert e set user_id = u.id, login_name = u.login_name, expert_name = u.real_name, mail = u.email, expert_level = 'SENIOR', expert_category = 'TECHNOLOGY', enabled_flag = 1,
            resume = 'Twenty years in mechanical engineering; evaluates steel structures and conveyor tenders.'
       from iam_user u where u.login_name = 'expert' and e.expert_id = (select min(expert_id) from ssrc_expert where tenant_id = $1)`,
    [DEMO_TENANT],
  );
  await tx.query(
    `with e as (select expert_id, tenant_id, row_number() over (partition by tenant_id order by expert_id) as k from ssrc_expert),
          r as (select expert_req_id, tenant_id, row_number() over (partition by tenant_id order by expert_req_id) as k from ssrc_expert_req where expert_req_status = 'APPROVED')
     update ssrc_expert_req q set expert_id = e.expert_id, approved_date = now(), approve_remark = 'Qualified'
       from r join e on e.tenant_id = r.tenant_id and e.k = r.k + 1 where q.expert_req_id = r.expert_req_id`,
  );
  await tx.query("update ssrc_expert_req set approve_remark = 'Please add the identity document and the item categories you evaluate.' where expert_req_status = 'REJECTED'");
  const templates = await tx.query<{ id: number; tenant: number; code: string }>('select template_id::float8 as id, tenant_id::float8 as tenant, template_code as code from ssrc_score_template order by template_id');
  for (const t of templates.rows) {
    let seq = 0;
    for (const [code, name, type, weight, min, max, def, method] of INDICATORS[t.code] ?? []) {
      seq += 10;
      await tx.query(
        `insert into ssrc_score_indicate (tenant_id, template_id, order_seq, indicate_code, indicate_name, indicate_type, weight, min_score, max_score, default_score, price_score_method, benchmark_score, lowest_score, enable_remove_extremes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [t.tenant, t.id, seq, code, name, type, weight, min, max, def, method, method ? 100 : null, method ? 0 : null, method ? 1 : 0],
      );
    }
  }
  const entities = loadEntities();
  await recomputeAll(tx, entities.get('scoreTemplate')!, entities);
}

export const step: SeedStep = { version: 'seed:ssrc-experts:v1', run: (tx) => seedExperts(tx) };
