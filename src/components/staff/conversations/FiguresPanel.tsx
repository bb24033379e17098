import { useEffect, useState } from 'react';
import type { StaffFigures } from '../../../../contracts/support-staff-api.ts';
import type { SupportFigures } from '../../../../contracts/support.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { waitFigure } from '../../../lib/support-figures.ts';
import { subTitle } from '../staff-styles.ts';
import { conversationsApi } from './conversations-api.ts';

const share = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);
const wait = (seconds: number | null) => {
  if (seconds === null) return '—';
  const { value, suffix } = waitFigure(seconds);
  return `${value}${suffix}`;
};
const cells = (f: SupportFigures) => [share(f.answeredInSeconds), wait(f.averageFirstAnswerSeconds), share(f.satisfied), share(f.resolvedFirstTime)];
const weekOf = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function FiguresTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { key: string; name: string; conversations: number; figures: SupportFigures }[];
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; focusable, the keyboard scrolls it too.
      tabIndex={0}
      className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-400"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {first}
            </th>
            {t.figuresColumns.map((c) => (
              <th key={c} scope="col" className="py-2 pr-3">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-100">
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-white/10">
              <th scope="row" className="py-2 pr-3 font-medium">
                {r.name}
              </th>
              <td className="py-2 pr-3 tabular-nums">{r.conversations}</td>
              {cells(r.figures).map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; a cell's place is its identity.
                <td key={i} className="py-2 pr-3 tabular-nums">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The support figures per week and per person (the home page's four, over the same definitions). */
export function FiguresPanel({ failed, refreshKey }: { failed: (error: unknown) => void; refreshKey: unknown }) {
  const [figures, setFigures] = useState<StaffFigures>();
  // biome-ignore lint/correctness/useExhaustiveDependencies(refreshKey): read again when the desk changed.
  useEffect(() => {
    conversationsApi.figures().then(setFigures, failed);
  }, [failed, refreshKey]);
  if (!figures) return null;
  // Weeks without a conversation say nothing; the table lists those that had some.
  const weeks = figures.weeks.filter((w) => w.conversations > 0);
  return (
    <section aria-labelledby="figures-heading" className="mt-8">
      <h2 id="figures-heading" className={subTitle}>
        {t.figuresHeading}
      </h2>
      {weeks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-400">{t.figuresNone}</p>
      ) : (
        <>
          <FiguresTable
            caption="Per week"
            first={t.figuresWeek}
            rows={weeks.map((w) => ({
              key: String(w.weekStart),
              name: weekOf.format(w.weekStart),
              conversations: w.conversations,
              figures: w.figures,
            }))}
          />
          {figures.people.length > 0 && (
            <FiguresTable
              caption="Per person"
              first={t.figuresPerson}
              rows={figures.people.map((p) => ({ key: p.staffId, name: p.name, conversations: p.conversations, figures: p.figures }))}
            />
          )}
        </>
      )}
    </section>
  );
}
