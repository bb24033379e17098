import { AlertTriangle, CalendarClock, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { impactLabels, incidentStateLabels, maintenanceStateLabels, timeLabel } from '../../lib/status-format.ts';
import type { Incident, Maintenance } from './status-api.ts';

const impactTone = {
  minor: 'bg-amber-500/10 text-amber-200 ring-amber-400/40',
  major: 'bg-orange-500/10 text-orange-200 ring-orange-400/40',
  critical: 'bg-red-500/15 text-red-200 ring-red-400/50',
} as const;

const maintenanceTone = {
  scheduled: 'bg-sky-500/10 text-sky-200 ring-sky-400/40',
  in_progress: 'bg-violet-500/15 text-violet-200 ring-violet-400/50',
  completed: 'bg-emerald-500/10 text-emerald-200 ring-emerald-400/40',
  cancelled: 'bg-slate-500/10 text-slate-300 ring-slate-400/40',
} as const;

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** The affected monitors by name (an id when the monitor is gone), or the whole network. */
function Affected({ ids, names }: { ids: readonly string[]; names: ReadonlyMap<string, string> }) {
  return <p className="mt-1 text-xs text-slate-400">Affects: {ids.length ? ids.map((id) => names.get(id) ?? id).join(', ') : 'the whole network'}</p>;
}

function Card({ id, tone, children }: { id: string; tone: 'incident' | 'maintenance'; children: ReactNode }) {
  return (
    <article
      id={id}
      className={`scroll-mt-28 rounded-2xl p-4 ring-1 sm:p-5 ${tone === 'incident' ? 'bg-amber-500/5 ring-amber-400/30' : 'bg-violet-500/5 ring-violet-400/30'}`}
    >
      {children}
    </article>
  );
}

/** An incident with its full timeline, newest update first. */
export function IncidentCard({
  incident,
  names,
  headingLevel = 3,
  link,
}: {
  incident: Incident;
  names: ReadonlyMap<string, string>;
  headingLevel?: 2 | 3;
  link?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `incident-${incident.id}-title`;
  return (
    <Card id={`incident-${incident.id}`} tone="incident">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="flex items-center gap-2 font-semibold text-white">
          <AlertTriangle className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
          {link ? (
            <a href={link} className="underline-offset-2 hover:underline">
              {incident.title}
            </a>
          ) : (
            incident.title
          )}
        </Heading>
        <span className="flex flex-wrap gap-2">
          <span className={`${pill} ${impactTone[incident.impact]}`}>{impactLabels[incident.impact]} impact</span>
          <span className={`${pill} bg-white/5 text-slate-200 ring-white/15`}>{incidentStateLabels[incident.state]}</span>
        </span>
      </div>
      <Affected ids={incident.monitorIds} names={names} />
      <ol className="mt-3 space-y-3 border-l border-white/10 pl-4" aria-label={`Timeline of ${incident.title}, newest first`}>
        {[...incident.updates].reverse().map((u) => (
          <li key={u.id} className="text-sm">
            <p className="text-xs text-slate-400">
              <strong className="font-semibold text-slate-200">{incidentStateLabels[u.state]}</strong> · <time dateTime={u.at}>{timeLabel(u.at)}</time>
              {u.editedAt && <span> · corrected {timeLabel(u.editedAt)}</span>}
            </p>
            <p className="mt-0.5 whitespace-pre-line text-slate-200">{u.message}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A maintenance window: its times, its state by the clock, its message. */
export function MaintenanceCard({
  maintenance,
  names,
  headingLevel = 3,
}: {
  maintenance: Maintenance;
  names: ReadonlyMap<string, string>;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Icon = maintenance.state === 'in_progress' ? Wrench : CalendarClock;
  return (
    <Card id={`maintenance-${maintenance.id}`} tone="maintenance">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="flex items-center gap-2 font-semibold text-white">
          <Icon className="size-4 shrink-0 text-violet-300" aria-hidden="true" />
          {maintenance.title}
        </Heading>
        <span className={`${pill} ${maintenanceTone[maintenance.state]}`} data-testid="maintenance-state">
          {maintenanceStateLabels[maintenance.state]}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-300">
        <time dateTime={maintenance.startsAt}>{timeLabel(maintenance.startsAt)}</time> to{' '}
        <time dateTime={maintenance.endsAt}>{timeLabel(maintenance.endsAt)}</time>
        {maintenance.cancelledAt && (
          <span>
            {' '}
            · cancelled <time dateTime={maintenance.cancelledAt}>{timeLabel(maintenance.cancelledAt)}</time>
          </span>
        )}
      </p>
      <Affected ids={maintenance.monitorIds} names={names} />
      <p className="mt-3 whitespace-pre-line text-sm text-slate-200">{maintenance.message}</p>
    </Card>
  );
}
