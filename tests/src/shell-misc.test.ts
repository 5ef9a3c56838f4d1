import { describe, expect, it, vi } from 'vitest';
import { loadWithTimeout, startNow } from '../../src/routes/load-with-timeout.ts';
import { reportPageView, setPageViewReporter } from '../../src/routes/page-view.ts';
import { NoticeStore } from '../../src/stores/NoticeStore.ts';

describe('chunk loading (§8)', () => {
  it("reports 'Loading chunk N failed.' when a screen chunk fails or times out", async () => {
    await expect(loadWithTimeout(() => Promise.reject(new Error('net')), 'hiam/user.list.json')()).rejects.toThrow('Loading chunk hiam/user.list.json failed.');
    vi.useFakeTimers();
    const slow = loadWithTimeout(() => new Promise<string>(() => undefined), 'slow.json', 120000)();
    const check = expect(slow).rejects.toThrow('Loading chunk slow.json failed.');
    await vi.advanceTimersByTimeAsync(120000);
    await check;
    vi.useRealTimers();
    expect(await loadWithTimeout(() => Promise.resolve('{}'), 'ok.json')()).toBe('{}');
  });

  it('asks for a tab’s schema as soon as the tab renders, and asks again on a retry after a failure', async () => {
    let calls = 0;
    const load = startNow(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(`schema ${calls}`)));
    expect(calls).toBe(1);
    await expect(load()).rejects.toThrow('offline');
    expect(calls).toBe(1);
    expect(await load()).toBe('schema 2');
  });
});

describe('page-view analytics hook (§2.19)', () => {
  it('reports each page change to the pluggable reporter and never throws', () => {
    const seen: string[] = [];
    setPageViewReporter((path) => seen.push(path));
    reportPageView('/hiam/user', 'Users');
    setPageViewReporter(() => {
      throw new Error('analytics down');
    });
    expect(() => reportPageView('/workplace', 'Home')).not.toThrow();
    expect(seen).toEqual(['/hiam/user']);
  });
});

describe('notices (§4)', () => {
  it('clearing notices of a type sets the count to those remaining; the badge caps at 99+', () => {
    const n = new NoticeStore();
    n.notices = [
      { id: 1, type: 'ORDER', title: 'a' },
      { id: 2, type: 'SYSTEM', title: 'b' },
      { id: 3, type: 'ORDER', title: 'c' },
    ];
    n.setCount(3);
    n.clearType('ORDER');
    expect(n.notices.map((x) => x.id)).toEqual([2]);
    expect(n.count).toBe(1);
    n.setCount(120);
    expect(n.badge).toBe('99+');
  });
});
