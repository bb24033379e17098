import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { barDays, dayTone, type DayTone } from '../../../contracts/status-rules.ts';
import { dayMs } from '../../../contracts/time-units.ts';
import { dayLabel, impactLabels, uptimeLabel } from '../../lib/status-format.ts';
import type { DailyUptime, IncidentBrief } from './status-api.ts';

/** Fill of each tone: the legend on the page uses the same classes. */
export const toneFill: Record<DayTone, string> = {
  good: 'fill-emerald-400',
  fair: 'fill-lime-300',
  poor: 'fill-amber-400',
  bad: 'fill-red-400',
  maintenance: 'fill-violet-400',
  none: 'fill-slate-600',
};

const tones = Object.keys(toneFill) as DayTone[];
const gap = 0.25;

/** The incidents of this monitor (or of the whole network: none named) open at some time of a UTC day. */
function incidentsOfDay(incidents: readonly IncidentBrief[], monitorId: string, dayStart: number, now: number): IncidentBrief[] {
  const dayEnd = dayStart + dayMs;
  return incidents.filter((i) => {
    if (i.monitorIds.length > 0 && !i.monitorIds.includes(monitorId)) return false;
    const start = Date.parse(i.startedAt);
    const end = i.resolvedAt === null ? now : Date.parse(i.resolvedAt);
    return start < dayEnd && end >= dayStart;
  });
}

/** What one day says, for the caption and screen readers. */
function describeDay(daily: DailyUptime, index: number, dayStart: number, incidents: IncidentBrief[]): string {
  const uptime = daily.uptime[index] ?? null;
  const maintenance = daily.maintenance.includes(index);
  const measured =
    uptime === null
      ? maintenance
        ? 'only readings in a maintenance window (not counted)'
        : 'No data'
      : `${uptimeLabel(uptime)} up${maintenance ? ', maintenance not counted' : ''}`;
  const named = incidents.map((i) => `${i.title} (${impactLabels[i.impact].toLowerCase()})`);
  return `${dayLabel(dayStart)}: ${measured}${named.length ? `. Incidents: ${named.join('; ')}` : '. No incidents'}.`;
}

/**
 * A monitor's last 90 days, one segment per UTC day coloured by its measured uptime
 * (docs/decisions.md 38). Drawn as one SVG with one path per colour, and one listener for the
 * pointer and the keys, so 90 days cost a handful of elements. Hover, touch or focus and the
 * arrow keys show a day's date, uptime and incidents in the caption (read out politely).
 */
export function UptimeBar({
  monitorId,
  name,
  daily,
  daysFrom,
  incidents,
  now,
}: {
  monitorId: string;
  name: string;
  daily: DailyUptime;
  daysFrom: number;
  incidents: readonly IncidentBrief[];
  now: number;
}) {
  const [selected, setSelected] = useState<number | undefined>();
  const captionId = useId();
  const barRef = useRef<HTMLDivElement>(null);
  // Focused before React ran (the focus is what hydrates the board, docs/decisions.md 147): show the day as a focus does.
  useEffect(() => {
    if (document.activeElement === barRef.current) setSelected((s) => s ?? barDays - 1);
  }, []);
  const paths = useMemo(() => {
    const byTone = new Map<DayTone, string[]>();
    const maintenance = new Set(daily.maintenance);
    for (let i = 0; i < barDays; i += 1) {
      const tone = dayTone(daily.uptime[i] ?? null, maintenance.has(i));
      const list = byTone.get(tone) ?? [];
      list.push(`M${i + gap / 2} 0h${1 - gap}v10h${gap - 1}z`);
      byTone.set(tone, list);
    }
    return tones.flatMap((tone) => (byTone.has(tone) ? [{ tone, d: byTone.get(tone)!.join('') }] : []));
  }, [daily]);
  const measuredDays = daily.uptime.filter((u) => u !== null).length;
  const summary = `Uptime of ${name} per day over the last ${barDays} days: ${measuredDays} day${measuredDays === 1 ? '' : 's'} measured, ${barDays - measuredDays} without data.`;
  const caption =
    selected === undefined
      ? undefined
      : describeDay(daily, selected, daysFrom + selected * dayMs, incidentsOfDay(incidents, monitorId, daysFrom + selected * dayMs, now));

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * barDays);
    setSelected(Math.min(barDays - 1, Math.max(0, index)));
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = selected ?? barDays - 1;
    const next =
      event.key === 'ArrowLeft'
        ? at - 1
        : event.key === 'ArrowRight'
          ? at + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? barDays - 1
              : event.key === 'Escape'
                ? -1
                : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next < 0 && event.key === 'Escape' ? undefined : Math.min(barDays - 1, Math.max(0, next)));
  };

  return (
    <figure className="mt-4" data-testid="uptime-bar">
      {/* biome-ignore lint/a11y/useSemanticElements: a chart read by keyboard, not a set of form controls. */}
      <div
        ref={barRef}
        role="group"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the bar takes the focus so the arrow keys can read each day (the caption follows).
        tabIndex={0}
        aria-label={`${summary} Use the left and right arrow keys to read each day.`}
        aria-describedby={captionId}
        className="cursor-crosshair touch-none rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={(event) => {
          // A finger lifted leaves its day shown; a mouse moving away clears it (unless the bar has the focus).
          if (event.pointerType === 'mouse' && document.activeElement !== event.currentTarget) setSelected(undefined);
        }}
        onFocus={() => setSelected((s) => s ?? barDays - 1)}
        onBlur={() => setSelected(undefined)}
        onKeyDown={move}
      >
        <svg viewBox={`0 0 ${barDays} 10`} preserveAspectRatio="none" className="block h-7 w-full" aria-hidden="true" focusable="false">
          {paths.map(({ tone, d }) => (
            <path key={tone} d={d} className={toneFill[tone]} />
          ))}
          {selected !== undefined && (
            <rect x={selected} y={0} width={1} height={10} className="fill-none stroke-white" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          )}
        </svg>
      </div>
      <figcaption id={captionId} aria-live="polite" className="mt-1 min-h-[2.5em] text-[11px] leading-snug text-slate-300" data-testid="uptime-bar-caption">
        {caption ?? (
          <span className="flex justify-between text-slate-400">
            <span>{barDays} days ago</span>
            <span>Today (UTC)</span>
          </span>
        )}
      </figcaption>
    </figure>
  );
}
