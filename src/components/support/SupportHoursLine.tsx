import { supportHoursTexts as t } from '../../data/support-hours-texts.ts';
import { useSupportHours } from './use-support-hours.ts';

/**
 * The team's hours in a sentence, and what is true now (docs/decisions.md 92): an island, since
 * the hours are set in the console after the pages were built. It keeps the height of its longest
 * words from the start, so nothing moves when the words arrive.
 */
export default function SupportHoursLine({ className = '', unstaffed = false }: { className?: string; unstaffed?: boolean }) {
  const answer = useSupportHours();
  const text = answer === undefined ? t.loading : answer === null ? t.failed : t.line(answer, undefined, unstaffed);
  return (
    <p className={`min-h-20 text-sm sm:min-h-15 text-slate-300 ${className}`} data-testid="support-hours" data-ready={answer !== undefined}>
      {text}
    </p>
  );
}
