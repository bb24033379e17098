import { describe, expect, it } from 'vitest';
import type { HomeFigures } from '../../contracts/support.ts';
import { counters, countersCaption, supportPromise } from '../../src/data/counters.ts';
import { measuredCaption, measuredCounters } from '../../src/lib/support-figures.ts';

const answer = (over: Partial<HomeFigures> = {}, figures: Partial<HomeFigures['figures']> = {}): HomeFigures => ({
  measured: true,
  conversations: 1234,
  threshold: 30,
  windowDays: 90,
  computedAt: 0,
  figures: { answeredInSeconds: 0.834, averageFirstAnswerSeconds: 47.4, satisfied: 0.9, resolvedFirstTime: 0.755, ...figures },
  ...over,
});

describe('the home counters from the support figures (docs/decisions.md 46)', () => {
  it('keeps the aims while the desk says its figures are not measured', () => {
    expect(measuredCounters(counters, answer({ measured: false }))).toBeUndefined();
  });

  it('shows shares as whole percentages and a quick first answer in seconds, with the measured labels', () => {
    expect(measuredCounters(counters, answer())).toEqual([
      { id: 'chats', value: 83, suffix: '%', label: counters[0]!.measuredLabel },
      { id: 'waiting', value: 47, suffix: ' s', label: counters[1]!.measuredLabel },
      { id: 'satisfaction', value: 90, suffix: '%', label: counters[2]!.measuredLabel },
      { id: 'resolution', value: 76, suffix: '%', label: counters[3]!.measuredLabel },
    ]);
  });

  it('shows a wait of two minutes or more in minutes, and a figure with nothing to compute it from as empty', () => {
    const items = measuredCounters(counters, answer({}, { averageFirstAnswerSeconds: 660, satisfied: null }))!;
    expect(items[1]).toMatchObject({ value: 11, suffix: ' min' });
    expect(items[2]).toMatchObject({ value: null });
  });

  it('words every stated figure as an aim and says over what the measured ones were counted', () => {
    for (const c of counters) expect(c.label).toMatch(/aim/);
    expect(countersCaption.aims).toMatch(/aims, not yet measured/);
    expect(measuredCaption(countersCaption.measured, answer())).toBe('Measured over the last 90 days, from 1,234 conversations.');
  });

  it('states aims that agree: most chats within a minute, so an average wait of a couple of minutes at most, as the support block says', () => {
    const [chats, waiting] = [counters.find((c) => c.id === 'chats')!, counters.find((c) => c.id === 'waiting')!];
    // The chats aim names the window its measured figure counts, not a vague "in seconds".
    expect(chats.label).toMatch(/within 60 seconds/);
    for (const c of counters) expect(c.label).not.toMatch(/in seconds/);
    // If most chats are answered within a minute, an average wait of many minutes contradicts it.
    expect(chats.value).toBeGreaterThan(50);
    expect(waiting.suffix).toBe(' min');
    expect(waiting.value).toBeLessThanOrEqual(2);
    expect(supportPromise).toMatch(/most live chats within a minute/);
  });
});
