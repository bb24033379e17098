import { Activity, Clock, Server, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Incident } from './status-api.ts';
import type { Banner } from '../../../contracts/status-rules.ts';
import { measuredOver, probedEvery, uptimeLabel } from '../../lib/status-format.ts';
import { cardVariants } from '../ui/card-variants.ts';

const bannerTone: Record<Banner, string> = {
  'All Systems Operational': 'text-emerald-300',
  'Under Maintenance': 'text-violet-300',
  'Degraded Performance': 'text-amber-300',
  'Partial Outage': 'text-orange-300',
  'Major Outage': 'text-red-400',
};

function Card({ icon, label, children, note }: { icon: ReactNode; label: string; children: ReactNode; note: string }) {
  return (
    <div className={cardVariants({ edge: 'ring', className: 'flex min-h-[8.5rem] flex-col p-4 sm:p-5' })}>
      <div className="flex items-center gap-2 text-sm text-slate-400">
        {icon}
        <h2>{label}</h2>
      </div>
      <div className="mt-3 text-lg leading-snug font-bold text-white sm:text-2xl">{children}</div>
      <p className="mt-auto pt-1 text-xs text-slate-400">{note}</p>
    </div>
  );
}

export interface SummaryProps {
  banner: Banner;
  monitored: number;
  /** Monitors paused by staff (not probed). */
  paused?: number;
  uptime90d: number | null;
  /** The first counted reading within the 90 days. */
  measuredSince?: number | null;
  /** The open incidents (the security card counts them). */
  incidents: readonly Pick<Incident, 'title'>[];
  now?: number;
  /** The shortest and longest probe intervals, for the note under the count. */
  intervalSeconds?: number;
  longestIntervalSeconds?: number;
}

/** The four summary cards: system status, monitored servers, 90-day uptime, security. */
export function SummaryCards({
  banner,
  monitored,
  paused = 0,
  uptime90d,
  measuredSince = null,
  incidents,
  intervalSeconds,
  longestIntervalSeconds,
  now = Date.now(),
}: SummaryProps) {
  const every = probedEvery(intervalSeconds, longestIntervalSeconds);
  const over = uptime90d === null ? undefined : measuredOver(measuredSince, 90 * 86_400_000, now);
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Card icon={<Activity className="size-4 text-brand-300" aria-hidden="true" />} label="System Status" note="Updated live">
        <span className={bannerTone[banner]} data-testid="status-banner" role="status">
          {banner}
        </span>
      </Card>
      <Card
        icon={<Server className="size-4 text-brand-300" aria-hidden="true" />}
        label="Monitored Servers"
        note={paused ? `${every}; ${paused} paused` : every}
      >
        <span data-testid="monitored-count">{monitored}</span>
      </Card>
      <Card
        icon={<Clock className="size-4 text-brand-300" aria-hidden="true" />}
        label="Uptime"
        note={over ? `Last 90 days, measured ${over}` : 'Last 90 days, measured'}
      >
        <span data-testid="uptime-90d">{uptimeLabel(uptime90d)}</span>
      </Card>
      <Card
        icon={
          incidents.length ? (
            <ShieldAlert className="size-4 text-amber-300" aria-hidden="true" />
          ) : (
            <ShieldCheck className="size-4 text-brand-300" aria-hidden="true" />
          )
        }
        label="Incidents"
        note={incidents.length ? incidents.map((i) => i.title).join(' · ') : 'Nothing to report'}
      >
        <span className={incidents.length ? 'text-amber-300' : 'text-emerald-300'} data-testid="incidents-card">
          {incidents.length === 0 ? 'No Incidents' : `${incidents.length} Active Incident${incidents.length === 1 ? '' : 's'}`}
        </span>
      </Card>
    </section>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={cardVariants({ surface: 'placeholder', edge: 'faint', className: 'flex min-h-[8.5rem] animate-pulse flex-col p-4 sm:p-5' })}>
          <div className="h-4 w-28 rounded bg-white/5" />
          <div className="mt-4 h-7 w-40 rounded bg-white/10" />
          <div className="mt-auto h-3 w-24 rounded bg-white/5" />
        </div>
      ))}
    </div>
  );
}
