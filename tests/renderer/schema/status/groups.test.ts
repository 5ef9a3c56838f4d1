import { describe, expect, it } from 'vitest';
import { checkEntity } from '../../../../renderer/schema/check/check-screen.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import { statusGroup, statusesOf } from '../../../../renderer/schema/status/groups.ts';
import { checkContextOf } from '../check/empty-check-context.ts';

/** Status groups: the sets of statuses a document's rules speak of, declared with its machine. */
const rfx: EntityDecl = {
  version: 1,
  name: 'rfx',
  table: 'r',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/r' },
  fields: [{ name: 'status', type: 'string' }],
  status: {
    field: 'status',
    initial: 'NEW',
    transitions: { release: { from: ['NEW'], to: 'OPEN' }, open: { from: ['OPEN'], to: 'OPENED' } },
    groups: { draft: ['NEW'], opened: ['OPENED'] },
  },
};

const groupProblems = (e: EntityDecl) => checkEntity(e, 'rfx.json', checkContextOf([e])).filter((p) => p.path.startsWith('/status/groups'));

describe('status groups', () => {
  it('are read by name, and an unknown name is an error rather than an empty set that would let everything through', () => {
    expect(statusGroup(rfx, 'opened')).toEqual(['OPENED']);
    expect(() => statusGroup(rfx, 'sealed')).toThrow('rfx declares no status group "sealed"');
    expect([...statusesOf(rfx.status!)].sort()).toEqual(['NEW', 'OPEN', 'OPENED']);
  });

  it('are checked against the machine: a status it never reaches is refused with the path and a suggestion', () => {
    expect(groupProblems(rfx)).toEqual([]);
    const typo: EntityDecl = { ...rfx, status: { ...rfx.status!, groups: { opened: ['OPENED', 'OPNED'] } } };
    expect(groupProblems(typo).map((p) => `${p.path} ${p.message}`)).toEqual([expect.stringMatching(/^\/status\/groups\/opened\/1 "OPNED" is no status of rfx's machine.*OPENED/)]);
  });
});
