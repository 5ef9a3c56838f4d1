import { describe, expect, it } from 'vitest';
import { checkScreenFileName } from '../../../../renderer/schema/check/file-name.ts';

describe('a screen file’s name', () => {
  it('ends with its kind, so a listing shows what each file is', () => {
    expect(checkScreenFileName('ssrc/inquiry-request.list.json', { kind: 'list' })).toEqual([]);
    expect(checkScreenFileName('sslm/supplier-life-manage.potential.list.json', { kind: 'list' })).toEqual([]);
  });

  it('is refused otherwise, naming the file to rename it to', () => {
    expect(checkScreenFileName('supplierApprove/apply-list.json', { kind: 'list' }).map((p) => p.message)).toEqual([
      "a list screen's file is named <name>.list.json: rename it to apply.list.json",
    ]);
    expect(checkScreenFileName('hfile/storage.json', { kind: 'list' })[0]).toMatchObject({ file: 'hfile/storage.json', path: '/kind' });
  });
});
