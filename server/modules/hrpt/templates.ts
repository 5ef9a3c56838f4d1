import { readFile } from 'node:fs/promises';
import type { PrintTemplateWire } from '../../../renderer/schema/wire/report.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { confinedPath } from '../../files/storage.ts';

type PrintTemplate = PrintTemplateWire;

/** Larger markup is not a print layout: refused rather than sent. */
const MAX_MARKUP = 512 * 1024;

/**
 * The enabled HTML templates of a report in its tenant, in the caller's language first (a
 * template without a language serves every one). Spreadsheet and Word templates are kept and
 * downloaded from the template screens, not applied (docs/decisions.md, hrpt).
 */
export async function printTemplates(db: Queryable, tenantId: number, reportId: number, language: string): Promise<PrintTemplate[]> {
  const r = await db.query<PrintTemplate>(
    `select template_id::float8 as "templateId", template_code as "templateCode", template_name as "templateName",
            template_type_code as "templateTypeCode", lang
       from hrpt_template
      where tenant_id = $1 and report_id = $2 and enabled_flag = 1 and template_type_code = 'html' and (lang is null or lang = $3)
      order by (lang is null), template_code`,
    [tenantId, reportId, language],
  );
  return r.rows;
}

/** The markup of one of those templates: its own text, else the newest file attached to it. */
export async function templateMarkup(db: Queryable, storageDir: string, tenantId: number, reportId: number, templateId: number): Promise<string> {
  const t = (
    await db.query<{ content: string | null; uuid: string | null }>(
      `select template_content as content, attachment_uuid as uuid from hrpt_template
        where template_id = $1 and tenant_id = $2 and report_id = $3 and enabled_flag = 1 and template_type_code = 'html'`,
      [templateId, tenantId, reportId],
    )
  ).rows[0];
  if (!t) throw notFound(`Template ${templateId} is not an enabled HTML template of report ${reportId}`);
  if (t.content) return t.content;
  const file = t.uuid
    ? (await db.query<{ url: string }>('select file_url as url from hfle_file where attachment_uuid = $1 and tenant_id = $2 order by file_id desc limit 1', [t.uuid, tenantId])).rows[0]
    : undefined;
  const path = file && (await confinedPath(storageDir, file.url));
  if (!path) throw notFound(`Template ${templateId} has neither markup nor an attached file`);
  const bytes = await readFile(path);
  if (bytes.length > MAX_MARKUP) throw notFound(`Template ${templateId}'s file is over ${MAX_MARKUP / 1024} KB: not a print layout`);
  return bytes.toString('utf8');
}
