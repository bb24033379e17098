// The home counters' measured figures (docs/decisions.md 46): the support desk's four figures
// (contracts/support.ts, GET /api/support/figures) turned into what a counter shows. Pure, so it
// is unit-tested; the counters island calls it.
import type { HomeFigures } from '../../contracts/support.ts';

export interface CounterItem {
  id: string;
  /** null: nothing to compute it from yet (shown as a dash). */
  value: number | null;
  suffix: string;
  label: string;
}

export interface CounterText {
  id: 'chats' | 'waiting' | 'satisfaction' | 'resolution';
  measuredLabel: string;
}

const percent = (share: number | null) => (share === null ? null : Math.round(share * 100));

/** The counters for measured figures, or undefined while the desk says they are not measured yet. */
export function measuredCounters(texts: readonly CounterText[], answer: HomeFigures): CounterItem[] | undefined {
  if (!answer.measured) return undefined;
  const { figures } = answer;
  const percentOf: Record<Exclude<CounterText['id'], 'waiting'>, number | null> = {
    chats: percent(figures.answeredInSeconds),
    satisfaction: percent(figures.satisfied),
    resolution: percent(figures.resolvedFirstTime),
  };
  return texts.map((t): CounterItem => {
    if (t.id !== 'waiting') return { id: t.id, value: percentOf[t.id], suffix: '%', label: t.measuredLabel };
    const seconds = figures.averageFirstAnswerSeconds;
    if (seconds === null) return { id: t.id, value: null, suffix: '', label: t.measuredLabel };
    return { id: t.id, ...waitFigure(seconds), label: t.measuredLabel };
  });
}

/** A wait in seconds as shown: under two minutes in seconds, so a quick desk does not read as "0 min" or "1 min". */
export function waitFigure(seconds: number): { value: number; suffix: string } {
  return seconds < 120 ? { value: Math.round(seconds), suffix: ' s' } : { value: Math.round(seconds / 60), suffix: ' min' };
}

/** The caption of measured figures, from its template ("{days}", "{conversations}"). */
export function measuredCaption(template: string, answer: HomeFigures): string {
  return template.replace('{days}', String(answer.windowDays)).replace('{conversations}', answer.conversations.toLocaleString('en-US'));
}
