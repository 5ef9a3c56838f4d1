import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import download from '../../../renderer/actions/download.ts';
import { recordSheet } from '../../../renderer/actions/print.ts';
import type { ActionContext } from '../../../renderer/contracts/actions.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { testServices } from '../test-services.tsx';

const item = {
  version: 1,
  name: 'item',
  table: 'smdm_item',
  primaryKey: 'itemId',
  label: { zh_CN: '物料', en_US: 'Item' },
  tenantScoped: true,
  paths: { tenant: '/smdm/v1/{tenantId}/items' },
  fields: [
    { name: 'itemId', type: 'integer' },
    { name: 'itemName', type: 'string', label: { zh_CN: '名称', en_US: 'Name' } },
    { name: 'itemType', type: 'string', lov: 'SMDM.ITEM_TYPE', label: { zh_CN: '类型', en_US: 'Type' } },
    { name: 'secret', type: 'string', private: true, label: { zh_CN: '密', en_US: 'Secret' } },
  ],
} as unknown as EntityDecl;

const ctx = (action: Record<string, unknown>, extra: Partial<ActionContext> = {}): ActionContext => ({
  action: action as ActionContext['action'],
  services: testServices([item], vi.fn(async () => [{ fileUrl: 'a/b/one.pdf' }, { fileUrl: 'a/b/two.pdf' }]) as never),
  entity: item,
  params: { itemId: '7' },
  refresh: async () => undefined,
  ...extra,
});

/** The hidden forms a download submits: where they go and what they carry. */
const submitted: Array<{ action: string; fields: Record<string, string> }> = [];
beforeEach(() => {
  submitted.length = 0;
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({ action: this.getAttribute('action') ?? '', fields: Object.fromEntries([...this.querySelectorAll('input')].map((i) => [i.name, i.value])) });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('download action', () => {
  it('fills the URL template from the record and sends the token as a field, never in the address bar', async () => {
    await download(ctx({ type: 'download', url: '/hfle/v1/{tenantId}/files/download?bucketName=x&url={fileUrl}' }, { record: { fileUrl: 'f/1.pdf' } }));
    expect(submitted).toEqual([{ action: '/hfle/v1/1/files/download', fields: { bucketName: 'x', url: 'f/1.pdf', access_token: 'tok' } }]);
  });

  it("downloads every file of the record's attachment field", async () => {
    const c = ctx({ type: 'download', field: 'attachmentUuid' }, { record: { attachmentUuid: 'uuid-1' } });
    await download(c);
    expect(c.services.request).toHaveBeenCalledWith('/hfle/v1/1/files/uuid-1/file', { query: { bucketName: 'attachments' } });
    expect(submitted.map((s) => s.fields.url)).toEqual(['a/b/one.pdf', 'a/b/two.pdf']);
    expect(submitted.every((s) => s.action === '/hfle/v1/1/files/download' && s.fields.access_token === 'tok')).toBe(true);
  });

  it('says so when the record has no file', async () => {
    const c = ctx({ type: 'download', field: 'attachmentUuid' }, { record: {} });
    await download(c);
    expect(c.services.notify.error).toHaveBeenCalledWith('There is no file to download');
    expect(submitted).toEqual([]);
  });
});

describe('print action', () => {
  it('prints a record as a sheet of its labelled fields with display values, leaving secrets out', () => {
    const sheet = recordSheet(item, { itemId: 7, itemName: 'Hex <bolt>', itemType: 'RAW', itemTypeMeaning: 'Raw material', secret: 's3cr3t' }, 'Item', (l) => (l as { en_US: string }).en_US);
    expect(sheet).toContain('<h1>Item</h1>');
    expect(sheet).toContain('<th>Name</th><td>Hex &#60;bolt&#62;</td>');
    expect(sheet).toContain('<th>Type</th><td>Raw material</td>');
    expect(sheet).not.toContain('s3cr3t');
  });
});
