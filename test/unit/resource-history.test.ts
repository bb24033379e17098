import { describe, expect, it } from 'vitest';
import { formatBytes, formatChartTime } from '../../src/lib/panel-format.ts';
import { averages, axisTop, extremes, withLiveReadings, type Sample } from '../../src/lib/resource-history.ts';

const sample = (at: number, cpu: number, memory = 0, disk = 0): Sample => ({ at, cpu, memory, disk });

describe('the resource history in the page', () => {
  it('appends live readings newer than the stored samples, at most one per 10 s, within the range', () => {
    const stored = [sample(1_000, 1), sample(61_000, 2), sample(121_000, 3)];
    const live = [sample(50_000, 9), sample(125_000, 4), sample(131_000, 5), sample(136_000, 6), sample(142_000, 7)];
    expect(withLiveReadings(stored, live, 0).map((s) => s.cpu)).toEqual([1, 2, 3, 5, 7]);
    // Stored samples older than the range are left out.
    expect(withLiveReadings(stored, live, 60_000).map((s) => s.cpu)).toEqual([2, 3, 5, 7]);
    // Without stored samples, the live readings alone.
    expect(withLiveReadings([], live, 100_000).map((s) => s.cpu)).toEqual([4, 6]);
  });

  it('summarises a metric and averages it over periods', () => {
    const samples = [sample(0, 10, 100), sample(60_000, 30, 300), sample(300_000, 50, 500)];
    expect(extremes(samples, 'cpu')).toEqual({ low: 10, high: 50, latest: 50 });
    expect(extremes([], 'cpu')).toBeUndefined();
    expect(averages(samples, 300_000)).toEqual([sample(0, 20, 200), sample(300_000, 50, 500)]);
  });

  it('tops the axis with the limit near it, else a round number above the highest value', () => {
    expect(axisTop(80, 100)).toBe(100);
    expect(axisTop(12, 100)).toBe(20);
    expect(axisTop(130, 100)).toBe(200);
    expect(axisTop(47_000_000, 1024 ** 3)).toBe(50_000_000);
    expect(axisTop(0, 0)).toBe(1);
  });

  it('writes sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MiB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GiB');
  });

  it("labels a day's chart with dates, an hour's with times of day", () => {
    const end = Date.parse('2026-11-25T23:05:00');
    const day = 86_400_000;
    const start = formatChartTime(end - day, day, 'en-US');
    const finish = formatChartTime(end, day, 'en-US');
    expect(start).toBe('Nov 24, 11:05 PM');
    expect(finish).toBe('Nov 25, 11:05 PM');
    expect(formatChartTime(end, 3_600_000, 'en-US')).toBe('11:05 PM');
  });
});
