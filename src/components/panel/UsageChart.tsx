import { useId } from 'react';
import type { Metric, Sample } from '../../lib/resource-history.ts';
import { axisTop, extremes } from '../../lib/resource-history.ts';
import { formatTime } from '../../lib/panel-format.ts';

const width = 300;
const height = 90;
const pad = 4;

interface UsageChartProps {
  samples: readonly Sample[];
  metric: Metric;
  /** "CPU", "Memory"… */
  title: string;
  /** How a value is written (percent, bytes). */
  format: (value: number) => string;
  /** The plan's limit in the metric's unit; 0 for none. */
  limit: number;
  /** The time span drawn, so gaps and the live end show where they are. */
  from: number;
  to: number;
  /** Two samples further apart than this are not joined: nothing was measured between them. */
  gapMs: number;
  /** The sentence a screen reader hears for the chart (the summary). */
  summary: string;
  emptyText: string;
}

/**
 * One metric over time as an inline SVG line (the status board's chart approach,
 * src/components/status/LatencyChart.tsx), with time on the x axis so a gap in the samples
 * shows as one. The figure's summary is its accessible name; the labels are text.
 */
export function UsageChart({ samples, metric, title, format, limit, from, to, gapMs, summary, emptyText }: UsageChartProps) {
  const gradientId = useId();
  const range = extremes(samples, metric);
  const top = axisTop(range?.high ?? 0, limit);
  const span = Math.max(1, to - from);
  const x = (at: number) => pad + ((at - from) / span) * (width - 2 * pad);
  const y = (value: number) => height - pad - (Math.min(value, top) / top) * (height - 2 * pad);

  // Runs of samples without a gap, each drawn as its own line and area.
  const runs: Sample[][] = [];
  for (const sample of samples) {
    const run = runs.at(-1);
    if (run && sample.at - run.at(-1)!.at <= gapMs) run.push(sample);
    else runs.push([sample]);
  }
  const line = (run: Sample[]) => run.map((s) => `${x(s.at).toFixed(1)},${y(s[metric]).toFixed(1)}`).join(' ');

  return (
    <figure className="min-w-0 rounded-xl border border-white/10 bg-surface-950/50 p-3">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-200">{title}</span>
        <span className="text-sm font-semibold text-white tabular-nums">{range ? format(range.latest) : '–'}</span>
      </figcaption>
      <div className="relative mt-2 h-24">
        <span className="absolute top-0 left-0 text-[10px] leading-none text-slate-400" aria-hidden="true">
          {format(top)}
        </span>
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-full w-full overflow-visible" role="img" aria-label={summary}>
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="rgb(99 102 241)" stopOpacity="0.35" />
              <stop offset="100%" stopColor="rgb(99 102 241)" stopOpacity="0" />
            </linearGradient>
          </defs>
          {[0.5, 1].map((f) => (
            <line
              key={f}
              x1="0"
              x2={width}
              y1={y(top * f)}
              y2={y(top * f)}
              stroke="rgb(255 255 255 / 0.06)"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <line x1="0" x2={width} y1={height - pad} y2={height - pad} stroke="rgb(255 255 255 / 0.12)" vectorEffect="non-scaling-stroke" />
          {runs.map((run) =>
            run.length > 1 ? (
              <g key={run[0]!.at}>
                <path
                  d={`M${x(run[0]!.at).toFixed(1)},${height - pad} L${line(run).replaceAll(' ', ' L')} L${x(run.at(-1)!.at).toFixed(1)},${height - pad} Z`}
                  fill={`url(#${gradientId})`}
                />
                <polyline
                  points={line(run)}
                  fill="none"
                  stroke="rgb(129 140 248)"
                  strokeWidth="2"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            ) : (
              <circle key={run[0]!.at} cx={x(run[0]!.at)} cy={y(run[0]![metric])} r="2" fill="rgb(129 140 248)" />
            ),
          )}
        </svg>
      </div>
      <div className="mt-1 flex justify-between text-[11px] text-slate-400 tabular-nums" aria-hidden="true">
        {samples.length ? (
          <>
            <span>{formatTime(from)}</span>
            <span>{formatTime(to)}</span>
          </>
        ) : (
          <span>{emptyText}</span>
        )}
      </div>
    </figure>
  );
}
