import { describe, expect, it } from 'vitest';
import { shapeItem } from '../../../renderer/actions/body-item.ts';

describe("a request action's bodyItem", () => {
  it('writes a row in the backend shape, keeping the type of a whole {name} and filling mixed text', () => {
    expect(shapeItem({ roleId: '{id}', memberId: '{userId}', memberType: 'user', note: 'role {code} for {userId}', flag: 1 }, { id: 7, code: 'BUYER', userId: 3 })).toEqual({
      roleId: 7,
      memberId: 3,
      memberType: 'user',
      note: 'role BUYER for 3',
      flag: 1,
    });
  });
});
