import { LineChart } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { formatBytes, formatChartTime, formatPercent } from '../../lib/panel-format.ts';
import { averages, extremes, type Metric, type Sample, withLiveReadings } from '../../lib/resource-history.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { panelApi, type HistoryRange, type ServerDetails, type ServerResources } from './panel-api.ts';
import { UsageChart } from './UsageChart.tsx';
import { CardTitle } from '../ui/Card.tsx';
import { cardVariants } from '../ui/card-variants.ts';

const texts = panelTexts.history;
const rangeMs: Record<HistoryRange, number> = { '1h': 3_600_000, '24h': 86_400_000 };
/** The table of averages: 5-minute periods for the hour, hours for the day. */
const tableBucketMs: Record<HistoryRange, number> = { '1h': 300_000, '24h': 3_600_000 };
/** New stored samples are fetched this often while the page is open. */
const refreshMs = 5 * 60_000;
/** Live readings kept in the page (24 hours of 10 s readings at most). */
const maxLive = 8640;
const mib = 1024 * 1024;

const metrics: { metric: Metric; format: (value: number) => string; limit: (server: ServerDetails) => number }[] = [
  { metric: 'cpu', format: formatPercent, limit: (server) => server.limits.cpu },
  { metric: 'memory', format: formatBytes, limit: (server) => server.limits.memory * mib },
  { metric: 'disk', format: formatBytes, limit: (server) => server.limits.disk * mib },
];

/**
 * CPU, memory and disk over the last hour or 24 hours: the samples the server stores every
 * minute, with the live readings of this page (every 10 s) appended. Each chart has a summary
 * for screen readers, and the figures are also a table.
 */
export function HistoryCharts({ server, resources }: { server: ServerDetails; resources: ServerResources | undefined }) {
  const [range, setRange] = useState<HistoryRange>('1h');
  const [stored, setStored] = useState<Sample[]>([]);
  const [intervalMs, setIntervalMs] = useState(60_000);
  const [failed, setFailed] = useState(false);
  const [live, setLive] = useState<Sample[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const ids = useId();
  const latestRange = useRef(range);
  latestRange.current = range;

  const load = useCallback(async (wanted: HistoryRange) => {
    try {
      const answer = await panelApi.history(wanted);
      if (latestRange.current !== wanted) return;
      setStored(answer.samples);
      setIntervalMs(answer.intervalMs);
      setFailed(false);
    } catch (error) {
      console.error('Failed to load the resource history', error);
      setFailed(true);
    }
    setNow(Date.now());
  }, []);

  useEffect(() => {
    void load(range);
    const timer = setInterval(() => void load(range), refreshMs);
    return () => clearInterval(timer);
  }, [range, load]);

  // Each usage update (every 10 s, and the console's stats) becomes a live reading.
  useEffect(() => {
    if (!resources) return;
    const at = Date.now();
    setLive((current) => [
      ...current.slice(-(maxLive - 1)),
      { at, cpu: resources.cpu.current, memory: resources.memory.current, disk: resources.disk.current },
    ]);
    setNow(at);
  }, [resources]);

  const since = now - rangeMs[range];
  const samples = useMemo(() => withLiveReadings(stored, live, since), [stored, live, since]);
  const table = useMemo(() => averages(samples, tableBucketMs[range]), [samples, range]);
  const rangeLabel = texts.ranges[range];

  return (
    <section aria-labelledby={`${ids}-heading`} className={cardVariants({ className: 'p-4 sm:p-5' })}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={`${ids}-heading`} icon={LineChart}>
          {texts.heading}
        </CardTitle>
        <fieldset aria-label={texts.rangeLabel} className="flex gap-1 rounded-lg bg-surface-950/60 p-1">
          {(['1h', '24h'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              onClick={() => setRange(option)}
              className={buttonVariants({ variant: range === option ? 'primary' : 'ghost', size: 'xs' })}
            >
              {texts.ranges[option]}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="mt-2 text-xs text-slate-400">{texts.intro}</p>
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {texts.failed}
        </p>
      )}
      <div className="mt-4 grid gap-3 md:grid-cols-3" data-testid="history-charts">
        {metrics.map(({ metric, format, limit }) => {
          const title = texts.metrics[metric];
          const range3 = extremes(samples, metric);
          const summary = range3 ? texts.summary(title, rangeLabel, format(range3.low), format(range3.high), format(range3.latest)) : texts.empty;
          return (
            <UsageChart
              key={metric}
              samples={samples}
              metric={metric}
              title={title}
              format={format}
              limit={limit(server)}
              from={since}
              to={now}
              gapMs={Math.max(intervalMs * 2.5, 30_000)}
              summary={summary}
              emptyText={texts.empty}
            />
          );
        })}
      </div>
      {table.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-brand-300 hover:text-brand-200">{texts.showTable}</summary>
          <div className="mt-2 max-h-72 overflow-auto">
            <table className="w-full text-left text-xs tabular-nums">
              <caption className="sr-only">{texts.tableCaption(rangeLabel)}</caption>
              <thead className="text-slate-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {texts.time}
                  </th>
                  {metrics.map(({ metric }) => (
                    <th key={metric} scope="col" className="py-1 pr-3 font-medium">
                      {texts.metrics[metric]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="text-slate-200">
                {table.map((row) => (
                  <tr key={row.at} className="border-t border-white/5">
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {formatChartTime(row.at, rangeMs[range])}
                    </th>
                    {metrics.map(({ metric, format }) => (
                      <td key={metric} className="py-1 pr-3">
                        {format(row[metric])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
