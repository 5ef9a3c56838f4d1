import { describe, expect, it, vi } from 'vitest';
import { PermissionStore } from '../../../src/stores/PermissionStore.ts';

describe('permission checks (§4)', () => {
  it('batches unknown codes into one call after the deferral and caches the answers', async () => {
    vi.useFakeTimers();
    const lookup = vi.fn(async (codes: string[]) => codes.map((code) => ({ code, approve: code.endsWith('create') })));
    const p = new PermissionStore(lookup, 500);
    const a = p.check(['hiam.user.button.create']);
    const b = p.check(['hiam.user.button.delete']);
    await vi.advanceTimersByTimeAsync(499);
    expect(lookup).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]![0].sort()).toEqual(['hiam.user.button.create', 'hiam.user.button.delete']);
    expect(await a).toBe(true);
    expect(await b).toBe(false);
    expect(await p.check(['hiam.user.button.create'])).toBe(true);
    expect(lookup).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('allows an empty list and allows when any of several codes is approved', async () => {
    const p = new PermissionStore(async (codes) => codes.map((code) => ({ code, approve: code === 'b' })), 1);
    expect(p.status([])).toBe(true);
    expect(p.status(undefined)).toBe(true);
    expect(await p.check(['a', 'b'])).toBe(true);
    expect(await p.check(['a'])).toBe(false);
  });

  it('normalises path-style codes as the platform does', async () => {
    const lookup = vi.fn(async (codes: string[]) => codes.map((code) => ({ code, approve: true })));
    const p = new PermissionStore(lookup, 1);
    expect(await p.check(['/hpfm/value-list.button.create'])).toBe(true);
    expect(lookup.mock.calls[0]![0]).toEqual(['hpfm.value-list.button.create']);
  });

  it('asks again after a failed lookup instead of denying until a reload', async () => {
    let calls = 0;
    const lookup = vi.fn(async (codes: string[]) => {
      calls += 1;
      if (calls === 1) throw new Error('timeout');
      return codes.map((code) => ({ code, approve: true }));
    });
    const p = new PermissionStore(lookup, 1);
    expect(await p.check(['sodr.order.button.edit'])).toBe(true);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('counts codes as denied once the lookup keeps failing', async () => {
    const lookup = vi.fn(async () => {
      throw new Error('down');
    });
    const p = new PermissionStore(lookup, 1);
    expect(await p.check(['sodr.order.button.edit'])).toBe(false);
    expect(lookup).toHaveBeenCalledTimes(5);
  });

  it('drops an answer given for the role before a switch', async () => {
    let release: (v: Array<{ code: string; approve: boolean }>) => void = () => undefined;
    const lookup = vi.fn((codes: string[]) => (lookup.mock.calls.length === 1 ? new Promise<Array<{ code: string; approve: boolean }>>((r) => (release = r)) : Promise.resolve(codes.map((code) => ({ code, approve: true })))));
    const p = new PermissionStore(lookup, 1);
    expect(p.status(['a'])).toBeUndefined();
    await vi.waitFor(() => expect(lookup).toHaveBeenCalledTimes(1));
    p.clear();
    release([{ code: 'a', approve: false }]);
    await Promise.resolve();
    expect(p.cache.has('a')).toBe(false);
    expect(await p.check(['a'])).toBe(true);
  });
});
