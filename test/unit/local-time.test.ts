import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The board chart's times (src/lib/local-time.ts, docs/decisions.md 168): on the server in UTC
 * without Intl, in the browser what toLocaleTimeString says in the visitor's clock, from one
 * formatter for the page.
 */
const moments = [Date.UTC(2026, 10, 12, 14, 5, 3), Date.UTC(2026, 0, 1, 0, 0, 0), Date.UTC(2027, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 6, 4, 9, 7, 30)];
const options = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('localTimeLabel', () => {
  it('on the server: UTC hours, minutes and seconds, two digits each, without Intl', async () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const { localTimeLabel } = await import('../../src/lib/local-time.ts');
    expect(moments.map(localTimeLabel)).toEqual(['14:05:03', '00:00:00', '23:59:59', '09:07:30']);
    expect(made).not.toHaveBeenCalled();
  });

  it('in the browser: what toLocaleTimeString says, with one formatter however many times it writes', async () => {
    vi.stubGlobal('document', {});
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const { localTimeLabel } = await import('../../src/lib/local-time.ts');
    const expected = moments.map((at) => new Date(at).toLocaleTimeString([], options));
    made.mockClear();
    expect(moments.map(localTimeLabel)).toEqual(expected);
    expect(moments.map(localTimeLabel)).toEqual(expected);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
