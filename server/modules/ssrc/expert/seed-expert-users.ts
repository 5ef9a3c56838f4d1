import type { Queryable } from '../../../db/database.ts';
import { copyAccount } from '../../../seed/copy-account.ts';
import { DEMO_TENANT } from '../../../seed/platform-seed.ts';
import type { SeedStep } from '../../../seed/seed.ts';

/**
 * Three more expert accounts, so a tender committee of three can be drawn and each expert grades
 * signed in as their own person. They copy the demo `expert` account (password, language, roles) and
 * take the next expert records of the demo tenant. `expert4` works for supplier S0003: a draw for a
 * tender S0003 bids on must pass over them (avoidance).
 */
const EXTRA: Array<[login: string, name: string, workUnit: string | { supplier: string }]> = [
  ['expert2', 'Ethan Expert', 'Tongji University'],
  ['expert3', 'Emma Expert', 'Institute of Metrology'],
  ['expert4', 'Owen Expert', { supplier: 'S0003' }],
];

async function seedExpertUsers(tx: Queryable): Promise<void> {
  for (const [n, [login, name, unit]] of EXTRA.entries()) {
    const id = await copyAccount(tx, 'expert', login, name, `1350000000${n + 2}`);
    const workUnit =
      typeof unit === 'string'
        ? unit
        : (await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num = $2', [DEMO_TENANT, unit.supplier])).rows[0]?.name;
    if (!workUnit) throw new Error(`supplier ${JSON.stringify(unit)} of the demo tenant is missing`);
    // The next expert record without an account, past the first one (the demo `expert`'s, bound by seed-experts.ts whichever runs first).
    const bound = await tx.query(
      `update ssrc_expert e set user_id = $1, login_name = $2::text, expert_name = $3::text, mail = $2::text || '@example.com', work_unit = $4::text, expert_level = 'SENIOR', enabled_flag = 1
        where e.expert_id = (select min(expert_id) from ssrc_expert where tenant_id = $5 and user_id is null
                               and expert_id > (select min(expert_id) from ssrc_expert where tenant_id = $5))`,
      [id, login, name, workUnit, DEMO_TENANT],
    );
    if (!bound.affectedRows) throw new Error('the demo tenant has too few expert records for the extra expert accounts');
  }
}

export const step: SeedStep = { version: 'seed:ssrc-expert-users:v1', run: (tx) => seedExpertUsers(tx) };
