import { ChartLine, ChartPlot, chartPad as pad, chartWidth as width } from '../ui/ChartPlot.tsx';
import { localTimeLabel } from '../../lib/local-time.ts';
import type { Reading } from './status-api.ts';

const height = 80;

/** A round top for the y axis: 100, 200, 500, 1000... */
function axisMax(readings: readonly Reading[]): number {
  const max = Math.max(0, ...readings.map((r) => r.latency));
  for (const step of [50, 100, 200, 300, 500, 1000, 2000, 5000]) if (max <= step) return step;
  return Math.ceil(max / 1000) * 1000;
}

/** The colours of the locations' own lines (and their swatches in LocationLines), in the order given. */
export const locationLineColours = ['rgb(56 189 248)', 'rgb(192 132 252)', 'rgb(251 191 36)', 'rgb(52 211 153)'] as const;

/**
 * The latest latency readings as an inline SVG line, and, for a monitor watched from several
 * locations, a thin line per location (their own readings, answered ones only); timeouts (latency 0) are red marks on the
 * baseline. Time labels sit under the chart as text; the figure has a summary for screen readers.
 */
export function LatencyChart({
  readings,
  name,
  emptyText = 'Waiting for readings…',
  lines = [],
}: {
  readings: readonly Reading[];
  name: string;
  emptyText?: string;
  lines?: readonly { label: string; readings: readonly Reading[] }[];
}) {
  const top = axisMax([...readings, ...lines.flatMap((l) => l.readings)]);
  const answered = readings.filter((r) => r.latency > 0);
  const x = (i: number): number => (readings.length <= 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (readings.length - 1));
  const y = (latency: number): number => height - pad - (latency / top) * (height - 2 * pad);
  const points = readings.map((r, i) => `${x(i).toFixed(1)},${y(r.latency).toFixed(1)}`).join(' ');
  const area = readings.length > 1 ? `M${x(0).toFixed(1)},${height} L${points.replaceAll(' ', ' L')} L${x(readings.length - 1).toFixed(1)},${height} Z` : '';
  const timeouts = readings.length - answered.length;
  const summary =
    readings.length === 0
      ? `No latency readings yet for ${name}.`
      : `Latency of ${name} over the last ${readings.length} readings: ` +
        (answered.length
          ? `lowest ${Math.min(...answered.map((r) => r.latency))} ms, highest ${Math.max(...answered.map((r) => r.latency))} ms`
          : 'no answers') +
        (timeouts ? `, ${timeouts} timeout${timeouts === 1 ? '' : 's'}.` : '.') +
        lines
          .map((l) => {
            const ok = l.readings.filter((r) => r.latency > 0).map((r) => r.latency);
            return ok.length ? ` From ${l.label}: ${Math.min(...ok)} to ${Math.max(...ok)} ms.` : ` From ${l.label}: no answers.`;
          })
          .join('');
  /** Time labels under the chart, by their place: the first reading, the middle one (from three), the last. */
  const labels: { at: 'first' | 'middle' | 'last'; reading: Reading }[] =
    readings.length === 0
      ? []
      : readings.length < 3
        ? [
            { at: 'first', reading: readings[0]! },
            { at: 'last', reading: readings.at(-1)! },
          ]
        : [
            { at: 'first', reading: readings[0]! },
            { at: 'middle', reading: readings[Math.floor(readings.length / 2)]! },
            { at: 'last', reading: readings.at(-1)! },
          ];

  return (
    <figure className="mt-4">
      <ChartPlot height={height} className="h-20" top={top} topLabel={`${top} ms`} y={y} summary={summary}>
        {(areaFill) => (
          <>
            {area && <path d={area} fill={areaFill} />}
            {readings.length > 1 && <ChartLine points={points} />}
            {lines.map((l, n) => {
              const own = l.readings.filter((r) => r.latency > 0);
              if (own.length < 2) return null;
              const xs = (i: number) => pad + (i * (width - 2 * pad)) / (own.length - 1);
              return (
                <polyline
                  key={l.label}
                  data-location-chart={l.label}
                  points={own.map((r, i) => `${xs(i).toFixed(1)},${y(r.latency).toFixed(1)}`).join(' ')}
                  fill="none"
                  stroke={locationLineColours[n % locationLineColours.length]}
                  strokeWidth="1"
                  strokeDasharray="3 2"
                  strokeOpacity="0.8"
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
            {readings.map((r, i) =>
              r.latency === 0 ? (
                <line
                  key={r.timestamp}
                  x1={x(i)}
                  x2={x(i)}
                  y1={height - pad}
                  y2={height - pad - 10}
                  stroke="rgb(248 113 113)"
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                />
              ) : null,
            )}
          </>
        )}
      </ChartPlot>
      <figcaption className="mt-1 flex justify-between text-[11px] text-slate-400 tabular-nums" aria-hidden="true">
        {labels.length ? (
          labels.map(({ at, reading }) => (
            // The server's render is in its time zone: the page's script writes the visitor's before React hydrates (src/lib/local-time.ts).
            <time key={at} dateTime={new Date(reading.timestamp).toISOString()} data-local-time={reading.timestamp} suppressHydrationWarning>
              {localTimeLabel(reading.timestamp)}
            </time>
          ))
        ) : (
          <span>{emptyText}</span>
        )}
      </figcaption>
    </figure>
  );
}
