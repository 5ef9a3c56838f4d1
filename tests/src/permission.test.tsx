import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAuthority } from '../../src/permission/check-authority.ts';
import { Permission } from '../../src/permission/Permission.tsx';
import { StoreContext } from '../../src/StoreContext.ts';
import { RootStore } from '../../src/stores/RootStore.ts';

afterEach(cleanup);

describe('authority guard (§5)', () => {
  it('accepts list, string, promise and function authorities', async () => {
    expect(checkAuthority('user', 'user')).toBe(true);
    expect(checkAuthority(['user', 'admin'], 'user')).toBe(true);
    expect(checkAuthority(['admin'], 'user')).toBe(false);
    expect(checkAuthority((c) => c === 'admin', 'admin')).toBe(true);
    expect(await checkAuthority(Promise.resolve(), 'user')).toBe(true);
    expect(await checkAuthority(Promise.reject(new Error('no')), 'user')).toBe(false);
    expect(checkAuthority(null, 'NULL')).toBe(true);
  });

  it("raises 'authority is required' and 'unsupported parameters'", () => {
    expect(() => checkAuthority('user', 'NULL')).toThrow('authority is required');
    expect(() => checkAuthority('admin', null)).toThrow('authority is required');
    expect(() => checkAuthority(42 as unknown as string, 'user')).toThrow('unsupported parameters');
  });
});

describe('<Permission>', () => {
  it('shows its children once the batched lookup approves the code', async () => {
    const root = new RootStore();
    (root.permissions as unknown as { lookup: unknown }).lookup = async (codes: string[]) => codes.map((code) => ({ code, approve: code === 'a.button.create' }));
    render(
      <StoreContext.Provider value={root}>
        <Permission code="a.button.create">
          <button>create</button>
        </Permission>
        <Permission code="a.button.delete">
          <button>delete</button>
        </Permission>
      </StoreContext.Provider>,
    );
    expect(screen.queryByText('create')).toBeNull();
    expect(await screen.findByText('create', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByText('delete')).toBeNull();
  });
});
