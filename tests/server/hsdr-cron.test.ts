import { describe, expect, it } from 'vitest';
import { cronProblem, describeCron, parseCron } from '../../server/modules/hsdr/cron.ts';

/** What a person typing a job's cron sees: when it fires next, in words, or why it is refused. */
describe('cron expressions of jobs', () => {
  const after = new Date(2026, 10, 26, 21, 47, 31); // a Thursday evening, local time

  it('fires on weekdays at 09:30 from the next Friday morning, with seconds first or without', () => {
    for (const expr of ['0 30 9 * * MON-FRI', '30 9 * * 1-5']) {
      const runs = parseCron(expr).nextRuns(3, after);
      expect(runs.map((d) => [d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()])).toEqual([
        [27, 9, 30, 0],
        [30, 9, 30, 0],
        [1, 9, 30, 0],
      ]);
    }
  });

  it('takes Quartz expressions with "?" and a year, and fires every second when asked', () => {
    expect(parseCron('0 0 12 ? * * *').next(after)!.getDate()).toBe(27);
    expect(parseCron('* * * * * *').next(after)!.getTime() - after.getTime()).toBe(1000);
  });

  it('says why an expression is refused, and describes a good one in both languages', () => {
    expect(cronProblem('61 * * * *')).toMatch(/61|range|invalid/i);
    expect(cronProblem('not a cron')).toBeTruthy();
    expect(cronProblem('')).toBe('the expression is empty');
    expect(cronProblem('0 0 1 1 * 2020')).toBeTruthy();
    expect(cronProblem('*/5 * * * *')).toBeNull();
    expect(describeCron('0 30 9 * * MON-FRI', 'en_US')).toMatch(/09:30.*Monday through Friday/);
    expect(describeCron('0 30 9 * * MON-FRI', 'zh_CN')).toMatch(/09:30/);
  });
});
