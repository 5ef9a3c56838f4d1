import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * A first saved parameter version of each demo job (what its parameters were when the demo
 * began), so the versions page of a job is not empty and a new version has one to differ from.
 */
async function seedGlueVersions(tx: Queryable): Promise<void> {
  await tx.query(
    `insert into hsdr_glue_log (tenant_id, job_id, version_number, glue_source, glue_remark, created_by, last_updated_by)
     select tenant_id, job_id, 1, job_param, 'Initial parameters / 初始参数', 0, 0 from hsdr_job_info where tenant_id = $1 and job_param is not null`,
    [DEMO_TENANT],
  );
}

export const step: SeedStep = { version: 'seed:hsdr-glue:v1', run: (tx) => seedGlueVersions(tx) };
