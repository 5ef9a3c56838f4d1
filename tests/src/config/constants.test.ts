import { describe, expect, it } from 'vitest';
import { badgeText, normalisePageSize, PAGE_SIZE_OPTIONS, TIME_ZONES, DATE_FORMAT, DATETIME_FORMAT, DAY_END_FORMAT, CONFIRM_DIALOG_WIDTH, MODAL_WIDTH } from '../../../src/config/constants.ts';

describe('§9 constants', () => {
  it('uses the nearest smaller page size when a size is not an option', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100]);
    expect(normalisePageSize(undefined)).toBe(10);
    expect(normalisePageSize(20)).toBe(20);
    expect(normalisePageSize(35)).toBe(20);
    expect(normalisePageSize(99)).toBe(50);
    expect(normalisePageSize(500)).toBe(100);
    expect(normalisePageSize(5)).toBe(10);
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('lists time zones GMT-12 to GMT+12 and the date formats', () => {
    expect(TIME_ZONES[0]).toBe('GMT-12');
    expect(TIME_ZONES.at(-1)).toBe('GMT+12');
    expect(TIME_ZONES).toContain('GMT+0');
    expect(TIME_ZONES).toHaveLength(25);
    expect([DATE_FORMAT, DATETIME_FORMAT, DAY_END_FORMAT]).toEqual(['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD 23:59:59']);
    expect([CONFIRM_DIALOG_WIDTH, MODAL_WIDTH]).toEqual([416, 520]);
  });
});
