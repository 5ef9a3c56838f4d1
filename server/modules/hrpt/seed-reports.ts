import { seedPrintLayouts } from './print-layouts.ts';
import type { Queryable } from '../../db/database.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { loadEntities } from '../../resources/entities.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import { captions } from './captions.ts';
import { loadReport, reportWorkbook, shapeReport } from './reports.ts';
import { prepare, selectIn } from './run.ts';
import { createViewsIn } from './views.ts';

/**
 * Finished background requests of the demo people, with their workbooks: the seeded (trusted)
 * statements run in the seed's transaction against the report views of the demo tenant.
 */
async function seedRequests(tx: Queryable): Promise<void> {
  await createViewsIn(tx, loadEntities());
  const people = (await tx.query<{ id: number }>("select id::float8 as id from iam_user where login_name in ('admin', 'buyer') order by id")).rows;
  for (const code of ['RPT_AMOUNT', 'RPT_PURCHASE_SITUATION']) {
    const id = (await tx.query<{ id: number }>('select report_id::float8 as id from hrpt_report where report_code = $1 and tenant_id = $2', [code, DEMO_TENANT])).rows[0]?.id;
    if (!id) continue;
    const def = await loadReport(tx, DEMO_TENANT, id);
    const data = shapeReport(def, await selectIn(tx, DEMO_TENANT, prepare(def.sqlText, def.params, {}), def.limitRows));
    const tr = await captions(tx, DEMO_TENANT, 'zh_CN', [def.reportName, 'hrpt.viewer.total', ...data.columns.map((c) => c.text ?? c.name)]);
    const file = await reportWorkbook(def, data, tr);
    for (const p of people) {
      const req = (
        await tx.query<{ id: number }>(
          `insert into hrpt_request (tenant_id, report_id, report_name, request_param, request_status, start_date, end_date, row_count, requested_by, created_by, last_updated_by)
           values ($1, $2, $3, '{}', 'F', now(), now(), $4, $5, $5, $5) returning request_id::float8 as id`,
          [DEMO_TENANT, id, tr(def.reportName), data.rows.length, p.id],
        )
      ).rows[0]!;
      await tx.query('insert into hrpt_request_file (request_id, tenant_id, content) values ($1, $2, $3)', [req.id, DEMO_TENANT, file]);
    }
  }
}

/**
 * The reports' print layouts and the demo people's finished requests; the reports and their data
 * sets are the recipes of hrpt-report.json and hrpt-dataset.json, which run before this step.
 */
export const step: SeedStep = {
  version: 'seed:hrpt-reports:v1',
  run: async (tx) => {
    await seedPrintLayouts(tx, DEMO_TENANT);
    await seedPrintLayouts(tx, SECOND_TENANT);
    await seedRequests(tx);
  },
};
