import { useId, type ReactNode } from 'react';

/** The width of a small chart's SVG in its own units; it stretches to its box. */
export const chartWidth = 300;
/** Room left above, below and beside what a chart draws. */
export const chartPad = 4;
/** The colour of a chart's line and points. */
export const lineColour = 'rgb(129 140 248)';

/**
 * The frame of a small line chart (the status board's latency, the panel's usage): the y axis's
 * top written above it, and an inline SVG with the summary as its accessible name, two dashed
 * grid lines (at half and at the top), the baseline, and what the chart draws, which gets the
 * fill of an area under a line.
 */
export function ChartPlot({
  height,
  className,
  top,
  topLabel,
  y,
  summary,
  children,
}: {
  /** The SVG's height in its own units. */
  height: number;
  /** The box's classes besides `relative` (its height and margin on the page). */
  className: string;
  /** The y axis's top value, and as written. */
  top: number;
  topLabel: string;
  /** Where a value goes on the y axis. */
  y: (value: number) => number;
  /** What a screen reader hears for the chart. */
  summary: string;
  children: (areaFill: string) => ReactNode;
}) {
  const gradientId = useId();
  return (
    <div className={`relative ${className}`}>
      <span className="absolute top-0 left-0 text-[10px] leading-none text-slate-400" aria-hidden="true">
        {topLabel}
      </span>
      <svg viewBox={`0 0 ${chartWidth} ${height}`} preserveAspectRatio="none" className="h-full w-full overflow-visible" role="img" aria-label={summary}>
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
            x2={chartWidth}
            y1={y(top * f)}
            y2={y(top * f)}
            stroke="rgb(255 255 255 / 0.06)"
            strokeDasharray="3 3"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <line x1="0" x2={chartWidth} y1={height - chartPad} y2={height - chartPad} stroke="rgb(255 255 255 / 0.12)" vectorEffect="non-scaling-stroke" />
        {children(`url(#${gradientId})`)}
      </svg>
    </div>
  );
}

/** A chart's line through `points` ("x,y x,y …"). */
export function ChartLine({ points }: { points: string }) {
  return (
    <polyline points={points} fill="none" stroke={lineColour} strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
  );
}
