import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The board chart's times (src/lib/local-time.ts, docs/decisions.md 168 and 177): on the server in
 * UTC, in the browser in the visitor's clock, 24-hour, and never with Intl, whose first formatter
 * costs a page tens of milliseconds.
 */
const moments = [Date.UTC(2026, 10, 12, 14, 5, 3), Date.UTC(2026, 0, 1, 0, 0, 0), Date.UTC(2027, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 6, 4, 9, 7, 30)];
const zone = process.env.TZ;

afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('localTimeLabel', () => {
  it('on the server: UTC hours, minutes and seconds, two digits each, without Intl', async () => {
    process.env.TZ = 'America/New_York';
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const { localTimeLabel } = await import('../../src/lib/local-time.ts');
    expect(moments.map(localTimeLabel)).toEqual(['14:05:03', '00:00:00', '23:59:59', '09:07:30']);
    expect(made).not.toHaveBeenCalled();
  });

  it("in the browser: the visitor's clock, summer time included, 24-hour, without Intl", async () => {
    process.env.TZ = 'America/New_York';
    vi.stubGlobal('document', {});
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocale = vi.spyOn(Date.prototype, 'toLocaleTimeString');
    const { localTimeLabel } = await import('../../src/lib/local-time.ts');
    // New York is 5 hours behind UTC in winter, 4 in summer (4 July).
    expect(moments.map(localTimeLabel)).toEqual(['09:05:03', '19:00:00', '18:59:59', '05:07:30']);
    expect(made).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });
});
