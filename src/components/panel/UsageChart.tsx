import type { Metric, Sample } from '../../lib/resource-history.ts';
import { axisTop, extremes } from '../../lib/resource-history.ts';
import { formatChartTime } from '../../lib/panel-format.ts';
import { ChartLine, ChartPlot, chartPad as pad, chartWidth as width, lineColour } from '../ui/ChartPlot.tsx';

const height = 90;

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
 * One metric over time as an inline SVG line (on the status board's chart frame,
 * src/components/ui/ChartPlot.tsx), with time on the x axis so a gap in the samples
 * shows as one. The figure's summary is its accessible name; the labels are text.
 */
export function UsageChart({ samples, metric, title, format, limit, from, to, gapMs, summary, emptyText }: UsageChartProps) {
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
      <ChartPlot height={height} className="mt-2 h-24" top={top} topLabel={format(top)} y={y} summary={summary}>
        {(areaFill) =>
          runs.map((run) =>
            run.length > 1 ? (
              <g key={run[0]!.at}>
                <path
                  d={`M${x(run[0]!.at).toFixed(1)},${height - pad} L${line(run).replaceAll(' ', ' L')} L${x(run.at(-1)!.at).toFixed(1)},${height - pad} Z`}
                  fill={areaFill}
                />
                <ChartLine points={line(run)} />
              </g>
            ) : (
              <circle key={run[0]!.at} cx={x(run[0]!.at)} cy={y(run[0]![metric])} r="2" fill={lineColour} />
            ),
          )
        }
      </ChartPlot>
      <div className="mt-1 flex justify-between text-[11px] text-slate-400 tabular-nums" aria-hidden="true">
        {samples.length ? (
          <>
            <span>{formatChartTime(from, to - from)}</span>
            <span>{formatChartTime(to, to - from)}</span>
          </>
        ) : (
          <span>{emptyText}</span>
        )}
      </div>
    </figure>
  );
}
