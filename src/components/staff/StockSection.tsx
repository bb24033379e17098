import { useState } from 'react';
import type { StaffStockAnswer, StaffStockRow } from '../../../contracts/stock.ts';
import { stockLabel } from '../../../contracts/stock-rules.ts';
import type { SectionProps } from './section-props.ts';
import { stockApi } from './stock-api.ts';
import { badge, badgeTones, card, input, muted } from './staff-styles.ts';
import { useLoad } from './use-load.ts';

const sourceWords: Record<StaffStockRow['source'], string> = { panel: 'game panel', local: 'this machine', manual: 'not measured', override: 'override' };

/**
 * The console's Stock view (admins, docs/decisions.md 101-102): each plan at each location, what
 * the site shows, what the last round measured, and the override, set or cleared here (force sold
 * out, or a number left). An override is marked as one.
 */
export function StockSection({ problem }: SectionProps) {
  const [notice, setNotice] = useState<string>();
  const [filter, setFilter] = useState('');
  const loaded = useLoad(stockApi.rows, (error) => setNotice(problem(error)));
  const [data, setData] = useState<StaffStockAnswer>();
  const answer = data ?? loaded.data;
  const apply = async (work: () => Promise<StaffStockAnswer>, done: string) => {
    try {
      setData(await work());
      setNotice(done);
    } catch (error) {
      setNotice(problem(error));
    }
  };
  const rows = (answer?.rows ?? []).filter((r) => `${r.name} ${r.locationName}`.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div className="space-y-4">
      <div className={`${card} flex flex-wrap items-end gap-3`}>
        <p className={`${muted} grow`}>
          Measured {answer?.refreshedAt ? new Date(answer.refreshedAt).toLocaleString() : 'not yet'}. Stock comes from the game panel's free room (or this
          machine's); an override wins until you clear it.
        </p>
        <label className="text-sm text-slate-200">
          Find a plan
          <input value={filter} onChange={(e) => setFilter(e.target.value)} className={`${input} mt-1`} />
        </label>
        <button
          type="button"
          onClick={() => void apply(stockApi.refresh, 'Measured now.')}
          className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-500"
        >
          Measure now
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-emerald-300">
        {notice ?? ''}
      </p>
      <div className={`${card} overflow-x-auto p-0 sm:p-0`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Stock of every plan at every location</caption>
          <thead className="text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2">
                Plan
              </th>
              <th scope="col" className="px-3 py-2">
                Location
              </th>
              <th scope="col" className="px-3 py-2">
                The site shows
              </th>
              <th scope="col" className="px-3 py-2">
                Measured
              </th>
              <th scope="col" className="px-3 py-2">
                Waiting
              </th>
              <th scope="col" className="px-3 py-2">
                Override
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <StockRow key={`${row.line}/${row.plan}/${row.location}`} row={row} apply={apply} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function StockRow({ row, apply }: { row: StaffStockRow; apply: (work: () => Promise<StaffStockAnswer>, done: string) => Promise<void> }) {
  const [count, setCount] = useState('');
  const key = { line: row.line, plan: row.plan, location: row.location };
  const where = `${row.name} at ${row.locationName}`;
  const tone = row.state === 'sold_out' ? badgeTones.bad : row.state === 'low' ? badgeTones.warn : badgeTones.good;
  return (
    <tr className="border-t border-white/10 align-top">
      <th scope="row" className="px-3 py-2 font-medium text-white">
        {row.name}
      </th>
      <td className="px-3 py-2">{row.locationName}</td>
      <td className="px-3 py-2">
        <span className={`${badge} ${tone}`}>{stockLabel(row.state, row.left, row.locationName).replace(/ at .*$/, '')}</span>
        {row.override && <span className={`${badge} ${badgeTones.brand} ml-1`}>Override</span>}
      </td>
      <td className="px-3 py-2 text-slate-300">
        {row.measured ? `${row.measured.left === null ? 'not counted' : `${row.measured.left} fit`} (${sourceWords[row.measured.source]})` : 'not yet'}
        {row.measured && <span className="block text-xs text-slate-400">{row.measured.detail}</span>}
      </td>
      <td className="px-3 py-2">{row.waiting}</td>
      <td className="px-3 py-2">
        {row.override ? (
          <div className="space-y-1">
            <p>
              {row.override.mode === 'sold_out' ? 'Sold out' : `${row.override.count} left`} · by {row.override.by}
            </p>
            <button type="button" className="text-brand-300 underline" onClick={() => void apply(() => stockApi.clear(key), `Override of ${where} cleared.`)}>
              Clear override<span className="sr-only">: {where}</span>
            </button>
          </div>
        ) : (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void apply(() => stockApi.override({ ...key, mode: 'count', count: Number(count) }), `${where}: ${count} left, by hand.`);
            }}
          >
            <button
              type="button"
              className="text-rose-200 underline"
              onClick={() => void apply(() => stockApi.override({ ...key, mode: 'sold_out' }), `${where} forced sold out.`)}
            >
              Force sold out<span className="sr-only">: {where}</span>
            </button>
            <label className="sr-only" htmlFor={`count-${row.line}-${row.plan}-${row.location}`}>
              Number left of {where}
            </label>
            <input
              id={`count-${row.line}-${row.plan}-${row.location}`}
              type="number"
              min={0}
              required
              value={count}
              onChange={(e) => setCount(e.target.value)}
              placeholder="Count"
              className="w-24 rounded-lg border border-white/20 bg-surface-950 px-3 py-2 text-base text-white placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 sm:text-sm"
            />
            <button type="submit" className="text-brand-300 underline">
              Set<span className="sr-only"> the number left of {where}</span>
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}
