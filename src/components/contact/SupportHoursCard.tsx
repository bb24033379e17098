import { Clock } from 'lucide-react';
import { weekDays } from '../../../contracts/support-hours-rules.ts';
import { supportHoursTexts } from '../../data/support-hours-texts.ts';
import { useSupportHours } from '../support/use-support-hours.ts';
import { cardVariants } from '../ui/card-variants.ts';

const t = supportHoursTexts.card;
const card = cardVariants({ surface: 'soft', shadow: 'lifted', className: 'p-6' });

/**
 * The contact page's business hours (docs/decisions.md 92): the team's hours as set in the
 * console, read at run time, open or closed now and when they are back. The static page holds the
 * same rows with placeholders, so nothing moves when the hours arrive.
 */
export default function SupportHoursCard() {
  const answer = useSupportHours();
  const summary = answer ? (answer.alwaysOpen ? t.always : answer.open ? t.openNow : t.closedNow) : '…';
  const note =
    answer === undefined
      ? supportHoursTexts.loading
      : answer === null
        ? supportHoursTexts.failed
        : answer.open
          ? t.inNow
          : answer.opensAt
            ? t.backAt(answer.opensAt)
            : t.noHours;
  const open = answer?.open ?? false;
  return (
    <section aria-labelledby="business-hours-heading" className={`${card} bg-gradient-to-br from-brand-700/30 to-surface-900/70`} data-testid="business-hours">
      <div className="flex items-center gap-3">
        <Clock aria-hidden className="size-5 text-accent-400" />
        <h2 id="business-hours-heading" className="text-lg font-semibold text-white">
          Business hours
        </h2>
      </div>
      <p className="mt-4 flex items-center gap-2 text-2xl font-bold text-white" data-testid="hours-summary">
        <span className="relative flex size-2.5" aria-hidden="true">
          {open && <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />}
          <span className={`relative inline-flex size-2.5 rounded-full ${open ? 'bg-emerald-400' : 'bg-slate-500'}`} />
        </span>
        {summary}
      </p>
      <p className="mt-1 min-h-20 text-sm text-slate-300" aria-live="polite">
        {note}
      </p>
      <dl className="mt-5 divide-y divide-white/5 text-sm">
        {weekDays.map((day, i) => {
          const hours = answer?.hours.days[i];
          return (
            <div key={day} className="flex justify-between py-2">
              <dt className="text-slate-300">{day}</dt>
              <dd className={`font-medium ${hours ? 'text-emerald-300' : 'text-slate-400'}`}>
                {answer ? (hours ? `${hours.open}–${hours.close}` : t.closed) : '…'}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 min-h-5 text-xs text-slate-400">{answer ? t.zone(answer.hours.timeZone) : ''}</p>
    </section>
  );
}
