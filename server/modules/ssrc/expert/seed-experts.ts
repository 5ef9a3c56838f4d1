import type { Queryable } from '../../../db/database.ts';
import { loadEntities } from '../../../resources/entities.ts';
import { recomputeAll } from '../../../resources/formulas.ts';
import { DEMO_TENANT } from '../../../seed/platform-seed.ts';
import type { SeedStep } from '../../../seed/seed.ts';

/**
 * Experts and score templates of the demo: the `expert` account is bound to an expert record of
 * the demo tenant (its portal and own profile have something to show); approved requisitions
 * point at an expert record as an approval would have left them; the templates' totals follow
 * their indicators (score-indicate.json's recipe: the released ones sum to 100, the draft not yet).
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
  const entities = loadEntities();
  await recomputeAll(tx, entities.get('scoreTemplate')!, entities);
}

export const step: SeedStep = { version: 'seed:ssrc-experts:v1', run: (tx) => seedExperts(tx) };
