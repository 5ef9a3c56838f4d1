import { BusinessError, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { checkJob } from './jobs.ts';

/**
 * A GLUE version is a saved set of the job's parameters (text edited in a code editor): saving
 * one checks it as the job's parameters (JSON the job's handler accepts), numbers it, and makes it
 * the job's current parameters. It is data for the registered handler, never evaluated. Versions
 * are history: they are not edited or deleted, a new one is saved instead.
 */
registerHooks('glueLog', {
  async beforeCreate(values, { tx }) {
    const job = (
      await tx.query<Record<string, unknown>>(
        `select job_handler as "jobHandler", cycle_flag as "cycleFlag", job_cron as "jobCron", job_status as "jobStatus" from hsdr_job_info where job_id = $1 for update`,
        [values.jobId],
      )
    ).rows[0];
    if (!job) throw notFound(`jobInfo ${String(values.jobId)} not found`);
    try {
      checkJob({ ...job, jobParam: values.glueSource });
    } catch (e) {
      // The version's text is what was refused: name its field, not the job's.
      throw Object.assign(e as Error, { field: 'glueSource', message: (e as Error).message.replace(/^jobParam/, 'glueSource') });
    }
    const n = await tx.query<{ n: number }>('select coalesce(max(version_number), 0)::int + 1 as n from hsdr_glue_log where job_id = $1', [values.jobId]);
    values.versionNumber = n.rows[0]!.n;
  },
  async afterWrite(row, action, { tx }) {
    if (action !== 'create') return;
    await tx.query('update hsdr_job_info set job_param = $2, object_version_number = object_version_number + 1, last_update_date = now() where job_id = $1', [row.jobId, row.glueSource]);
  },
  async beforeWrite() {
    throw new BusinessError('hsdr.error.glue.history', 'Saved parameter versions are history: save a new version instead', 'warn');
  },
});
