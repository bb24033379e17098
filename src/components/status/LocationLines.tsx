import type { LocationStatus } from '../../../contracts/probe-locations.ts';
import { probeLocationName } from '../../../contracts/probe-locations-rules.ts';
import type { LocationView } from '../../../contracts/status.ts';
import { latencyLabel, latencyTone, statusLabels } from '../../lib/status-format.ts';
import { locationLineColours } from './LatencyChart.tsx';

const dot: Record<LocationView['status'], string> = {
  operational: 'bg-emerald-400',
  degraded: 'bg-amber-400',
  down: 'bg-red-500',
  pending: 'bg-slate-500',
};

const toneText = { red: 'text-red-400', blue: 'text-sky-400', yellow: 'text-amber-300' } as const;

/** "14:02" today, or "26 Nov 14:02" before. */
function since(at: number, now: number): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return new Date(now).toDateString() === d.toDateString() ? time : `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/**
 * What each location sees of a monitor (docs/decisions.md 47): its own state and latency, or
 * that its probe is not reporting, and since when (it never counts towards down).
 */
export function LocationLines({ lines, probes, name, now }: { lines: readonly LocationView[]; probes: readonly LocationStatus[]; name: string; now: number }) {
  const silent = new Map(probes.filter((p) => !p.reporting).map((p) => [p.location, p]));
  return (
    <ul className="mt-3 grid gap-1 text-xs" aria-label={`${name} from each location`} data-testid="location-lines">
      {lines.map((l, n) => {
        const place = probeLocationName(l.location);
        const quiet = silent.get(l.location);
        return (
          <li
            key={l.location}
            className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5"
            data-location-line={l.location}
            data-location-status={quiet ? 'not-reporting' : l.status}
          >
            <span className="flex min-w-0 items-center gap-2 text-slate-300">
              <span className={`size-2 shrink-0 rounded-full ${quiet ? 'bg-slate-600' : dot[l.status]}`} aria-hidden="true" />
              {/* The name is never cut: the line wraps instead (a silent probe's note is long on a phone). */}
              <span className="whitespace-nowrap" data-location-name>
                {place}
              </span>
              {lines.length > 1 && (
                <span
                  className="h-0 w-4 shrink-0 border-t border-dashed"
                  style={{ borderColor: locationLineColours[n % locationLineColours.length] }}
                  aria-hidden="true"
                  title="Its line on the chart"
                />
              )}
            </span>
            {quiet ? (
              <span className="ml-auto text-right text-slate-400" data-location-note suppressHydrationWarning>
                Probe not reporting{quiet.lastSeenAt ? ` since ${since(quiet.lastSeenAt, now)}` : ''}
              </span>
            ) : (
              <span className="ml-auto flex items-center gap-2">
                <span className="text-slate-400">{l.status === 'pending' ? 'Checking…' : statusLabels[l.status]}</span>
                <span
                  className={`min-w-16 text-right font-semibold tabular-nums ${l.status === 'pending' ? 'text-slate-400' : toneText[latencyTone(l.latency)]}`}
                >
                  {l.status === 'pending' ? '—' : latencyLabel(l.latency, l.failure)}
                </span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
