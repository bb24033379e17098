import { History, RefreshCw, Rss } from 'lucide-react';
import { buttonVariants } from '../ui/button-variants.ts';
import { cardVariants } from '../ui/card-variants.ts';
import { IncidentCard, MaintenanceCard } from './NoticeCards.tsx';
import type { StatusReport } from './status-api.ts';

/** Parts of the live board (StatusBoard.tsx): the board that could not load, its notices, its links. */

/** What the board shows when the report could not be loaded, with a way to try again. */
export function StatusLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={cardVariants({ edge: 'alert', className: 'p-8 text-center' })} role="alert">
      <p className="text-lg font-semibold text-white">The network status could not be loaded.</p>
      <p className="mt-1 text-sm text-slate-400">Check your connection and try again.</p>
      <button type="button" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })} onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" /> Try again
      </button>
    </div>
  );
}

/** The current incidents and maintenance, when there are any. */
export function StatusNotices({ report, names }: { report: StatusReport; names: Map<string, string> }) {
  if (report.incidents.length === 0 && report.maintenance.length === 0) return null;
  return (
    <section aria-labelledby="notices-title" className="space-y-3" data-testid="notices">
      <h2 id="notices-title" className="text-xl font-semibold text-white">
        Incidents and maintenance
      </h2>
      {report.incidents.map((incident) => (
        <IncidentCard key={incident.id} incident={incident} names={names} link={`/network-status/history#incident-${incident.id}`} />
      ))}
      {report.maintenance.map((m) => (
        <MaintenanceCard key={m.id} maintenance={m} names={names} />
      ))}
    </section>
  );
}

/** The links to the incident history and the Atom feed. */
export function StatusLinks() {
  return (
    <nav aria-label="Status history and feed" className="-mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      <a href="/network-status/history" className="inline-flex items-center gap-1.5 text-brand-300 underline-offset-2 hover:underline">
        <History className="size-4" aria-hidden="true" /> Incident history (90 days)
      </a>
      <a
        href="/network-status/feed.atom"
        type="application/atom+xml"
        className="inline-flex items-center gap-1.5 text-brand-300 underline-offset-2 hover:underline"
      >
        <Rss className="size-4" aria-hidden="true" /> Atom feed
      </a>
    </nav>
  );
}
