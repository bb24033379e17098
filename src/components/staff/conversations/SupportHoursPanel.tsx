import { useEffect, useId, useState } from 'react';
import { type SupportHours, weekDays } from '../../../../contracts/support-hours-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { hoursPanelTexts as t } from '../../../data/staff-support-hours.ts';
import { Button } from '../../ui/Button.tsx';
import { input, label, muted, subTitle } from '../staff-styles.ts';
import { conversationsApi } from './conversations-api.ts';

type Day = { open: boolean; from: string; to: string };

const daysOf = (hours: SupportHours): Day[] => hours.days.map((d) => ({ open: d !== null, from: d?.open ?? '09:00', to: d?.close ?? '18:00' }));

/**
 * The team's support hours (docs/decisions.md 92): each day open or closed with its times, in one
 * time zone. Every page that speaks of availability reads them; "24/7" only when every day is
 * open 00:00 to 24:00.
 */
export function SupportHoursPanel({ run, failed }: { run: (work: () => Promise<unknown>, done: string) => Promise<boolean>; failed: (e: unknown) => void }) {
  const [zone, setZone] = useState('');
  const [days, setDays] = useState<Day[]>();
  const [words, setWords] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const id = useId();

  useEffect(() => {
    conversationsApi.hours().then((answer) => {
      setZone(answer.hours.timeZone);
      setDays(daysOf(answer.hours));
      setWords(t.summary(answer));
    }, failed);
  }, [failed]);

  const save = () =>
    run(async () => {
      setFields({});
      try {
        const answer = await conversationsApi.setHours({
          timeZone: zone.trim(),
          days: (days ?? []).map((d) => (d.open ? { open: d.from.trim(), close: d.to.trim() } : null)),
        });
        setWords(t.summary(answer));
      } catch (error) {
        if (error instanceof ApiError) setFields(error.fields);
        throw error;
      }
    }, t.saved);

  const fieldError = (key: string) =>
    fields[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-xs text-red-300">
        {fields[key]}
      </p>
    ) : null;
  const invalid = (key: string) => (fields[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});

  return (
    <details className="mt-8 rounded-xl border border-white/10 bg-surface-900 p-4" data-testid="support-hours-panel">
      <summary className={`${subTitle} cursor-pointer`}>{t.heading}</summary>
      <p className={`${muted} mt-2`}>{t.intro}</p>
      {words && (
        <p className="mt-2 text-sm text-slate-200" data-testid="support-hours-now">
          {words}
        </p>
      )}
      {days && (
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div>
            <label htmlFor={`${id}-zone`} className={label}>
              {t.timeZone}
            </label>
            <input id={`${id}-zone`} value={zone} onChange={(e) => setZone(e.target.value)} className={`${input} sm:w-72`} {...invalid('timeZone')} />
            {fieldError('timeZone')}
          </div>
          <fieldset>
            <legend className={label}>{t.days}</legend>
            <ul className="mt-1 flex flex-col gap-2">
              {weekDays.map((day, i) => {
                const d = days[i]!;
                const set = (change: Partial<Day>) => setDays(days.map((x, j) => (j === i ? { ...x, ...change } : x)));
                return (
                  <li key={day} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-200">
                    <label className="flex w-32 items-center gap-2">
                      <input type="checkbox" checked={d.open} onChange={(e) => set({ open: e.target.checked })} />
                      {day}
                    </label>
                    {d.open ? (
                      <>
                        <label className="flex items-center gap-1">
                          <span className="sr-only">{t.opens(day)}</span>
                          <input
                            value={d.from}
                            onChange={(e) => set({ from: e.target.value })}
                            className={`${input} w-20 tabular-nums`}
                            inputMode="numeric"
                            {...invalid(`days.${i}.open`)}
                          />
                        </label>
                        <span aria-hidden="true">–</span>
                        <label className="flex items-center gap-1">
                          <span className="sr-only">{t.closes(day)}</span>
                          <input
                            value={d.to}
                            onChange={(e) => set({ to: e.target.value })}
                            className={`${input} w-20 tabular-nums`}
                            inputMode="numeric"
                            {...invalid(`days.${i}.close`)}
                          />
                        </label>
                      </>
                    ) : (
                      <span className="text-slate-400">{t.closed}</span>
                    )}
                    {fieldError(`days.${i}.open`)}
                    {fieldError(`days.${i}.close`)}
                  </li>
                );
              })}
            </ul>
            <p className={`${muted} mt-2`}>{t.hint}</p>
          </fieldset>
          <Button type="submit" variant="secondary" className="self-start">
            {t.save}
          </Button>
        </form>
      )}
    </details>
  );
}
