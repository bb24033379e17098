import { describe, expect, it } from 'vitest';
import { computeFigures, weekStart } from '../../server/support/support-figures.ts';

const minute = 60_000;
const now = Date.UTC(2026, 10, 26, 12, 0, 0);
const chat = (createdMinutesAgo: number, answeredAfterSeconds: number | null, extra: Partial<Parameters<typeof computeFigures>[0][number]> = {}) => ({
  origin: 'chat',
  createdAt: now - createdMinutesAgo * minute,
  firstAnswerAt: answeredAfterSeconds === null ? null : now - createdMinutesAgo * minute + answeredAfterSeconds * 1000,
  firstAnswerBy: answeredAfterSeconds === null ? null : 'ada',
  firstAnswerName: answeredAfterSeconds === null ? null : 'Ada',
  state: 'open',
  reopened: 0,
  rating: null,
  ...extra,
});

describe('the support figures', () => {
  it('are null with nothing to compute them from', () => {
    expect(computeFigures([], now)).toEqual({ answeredInSeconds: null, averageFirstAnswerSeconds: null, satisfied: null, resolvedFirstTime: null });
  });

  it('count a chat answered within 60 s, average the answered waits, and count unanswered chats as not answered in time', () => {
    const figures = computeFigures([chat(10, 20), chat(10, 60), chat(10, 100), chat(10, null)], now);
    expect(figures.answeredInSeconds).toBe(2 / 4);
    expect(figures.averageFirstAnswerSeconds).toBe(60);
  });

  it('leave out chats younger than a minute and contact messages from the speed figures', () => {
    const figures = computeFigures([chat(0.5, null), chat(10, 5), chat(10, 5000, { origin: 'contact' })], now);
    expect(figures).toMatchObject({ answeredInSeconds: 1, averageFirstAnswerSeconds: 5 });
  });

  it('count ratings of 4 and 5 as satisfied, and resolved conversations never reopened as resolved the first time', () => {
    const figures = computeFigures(
      [
        chat(10, 5, { rating: 5, state: 'resolved' }),
        chat(10, 5, { rating: 4, state: 'resolved', reopened: 1 }),
        chat(10, 5, { rating: 3, state: 'open', reopened: 1 }),
        chat(10, 5, { origin: 'contact', rating: 1, state: 'resolved' }),
        chat(10, 5),
      ],
      now,
    );
    expect(figures.satisfied).toBe(2 / 4);
    expect(figures.resolvedFirstTime).toBe(2 / 4);
  });

  it('start weeks on Monday 00:00 UTC', () => {
    // 26 November 2026 is a Thursday.
    expect(new Date(weekStart(now)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 23));
    expect(weekStart(Date.UTC(2026, 10, 22, 23, 59))).toBe(Date.UTC(2026, 10, 16));
  });
});
