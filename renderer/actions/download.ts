import { fillUrl } from '../data/url-template.ts';
import { hiddenDownload } from './hidden-download.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from '../contracts/actions.ts';
import { platformUrl } from '../data/platform-url.ts';

const BUCKET = 'attachments';

/**
 * Downloads a file with the access token: `{"type": "download", "url": "/hfle/v1/[{tenantId}/]files/download?bucketName=x&url={fileUrl}"}`
 * (a template over the user, route and record), or every file of an attachment field of the
 * record: `{"type": "download", "field": "attachmentUuid"}`.
 */
export default async function download(ctx: ActionContext): Promise<void> {
  const s = ctx.services;
  const token = { access_token: s.accessToken() ?? '' };
  const vars = templateVars(ctx);
  if (typeof ctx.action.url === 'string') {
    hiddenDownload(fillUrl(ctx.action.url, vars, { siteMode: s.siteMode }), token);
    return;
  }
  const field = ctx.action.field as string | undefined;
  const uuid = field ? ctx.record?.[field] : undefined;
  if (!field) throw new Error('download needs "url" or "field"');
  if (!uuid) {
    s.notify.error(s.t('hzero.common.message.noFile', 'There is no file to download'));
    return;
  }
  const files = await s.request<Array<{ fileUrl: string }>>(platformUrl(s, 'filesOfUuid', { attachmentUUID: uuid }), { query: { bucketName: BUCKET } });
  if (!files.length) s.notify.error(s.t('hzero.common.message.noFile', 'There is no file to download'));
  for (const f of files) hiddenDownload(platformUrl(s, 'fileDownload'), { bucketName: BUCKET, url: f.fileUrl, ...token });
}
