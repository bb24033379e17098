import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { monthLabel } from '../../lib/status-format.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { IncidentCard, MaintenanceCard } from './NoticeCards.tsx';
import type { Incident, Maintenance, StatusHistory as History } from './status-api.ts';
import { cardVariants } from '../ui/card-variants.ts';
import { type HistoryStart, historyStartId, pageStart } from './page-start.ts';

type Entry = { kind: 'incident'; at: string; incident: Incident } | { kind: 'maintenance'; at: string; maintenance: Maintenance };

/** Every entry, newest first, filed under the month it started in. */
function byMonth(history: History): [string, Entry[]][] {
  const entries: Entry[] = [
    ...history.incidents.map((incident) => ({ kind: 'incident' as const, at: incident.startedAt, incident })),
    ...history.maintenance.map((maintenance) => ({ kind: 'maintenance' as const, at: maintenance.startsAt, maintenance })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const months = new Map<string, Entry[]>();
  for (const entry of entries) {
    const month = monthLabel(entry.at);
    months.set(month, [...(months.get(month) ?? []), entry]);
  }
  return [...months];
}

/** The incident a link's fragment names (#incident-<id>), if any. */
function linkedIncident(): string | undefined {
  const match = /^#incident-(.+)$/.exec(location.hash);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * /network-status/history: the incidents and maintenance of the last 90 days from the status
 * API (stored data only, so it answers when the prober does not), newest first by month. A link
 * to one incident (#incident-<id>) brings it into view, and an older one is read on its own.
 * The server renders it with `start` and places the same history in the page (docs/decisions.md
 * 147): hydrating, it starts from that and reads nothing.
 */
export function StatusHistory({ start }: { start?: HistoryStart }) {
  const [history, setHistory] = useState<History | undefined>(() => start ?? pageStart<HistoryStart>(historyStartId));
  const [failed, setFailed] = useState(false);
  const [older, setOlder] = useState<Incident>();

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setHistory(await apiFetch<History>('GET', '/api/status/history'));
    } catch {
      setFailed(true);
    }
  }, []);

  // Read only when the page came without the server's history (a site served as built).
  const given = useRef(history !== undefined);
  useEffect(() => {
    if (!given.current) void load();
  }, [load]);

  // Follow the fragment: scroll to the incident, or read it when it is older than the list.
  useEffect(() => {
    if (!history) return;
    const follow = () => {
      const id = linkedIncident();
      if (!id) return;
      const element = document.getElementById(`incident-${id}`);
      if (element) {
        element.scrollIntoView({ block: 'start' });
        element.querySelector('h2, h3')?.setAttribute('tabindex', '-1');
        (element.querySelector('h2, h3') as HTMLElement | null)?.focus({ preventScroll: true });
        return;
      }
      apiFetch<Incident>('GET', `/api/status/incidents/${encodeURIComponent(id)}`).then(setOlder, (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) setFailed(true);
      });
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [history]);

  if (failed && !history) {
    return (
      <div role="alert" className={cardVariants({ edge: 'alert', className: 'p-8 text-center' })}>
        <p className="text-lg font-semibold text-white">The history could not be loaded.</p>
        <button type="button" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })} onClick={() => void load()}>
          <RefreshCw className="size-4" aria-hidden="true" /> Try again
        </button>
      </div>
    );
  }
  if (!history) {
    return (
      <div aria-busy="true" className="space-y-3" data-testid="history" data-ready="false">
        <p className="sr-only">Loading the history…</p>
        {[0, 1].map((i) => (
          <div key={i} className={cardVariants({ surface: 'placeholder', edge: 'faint', className: 'h-36 animate-pulse' })} />
        ))}
      </div>
    );
  }
  const names = new Map(history.monitors.map((m) => [m.id, m.name]));
  const months = byMonth(history);
  const link = (id: string) => `/network-status/history#incident-${encodeURIComponent(id)}`;
  return (
    <div className="space-y-10" data-testid="history" data-ready="true">
      {older && (
        <section aria-labelledby="linked-title" className="space-y-3">
          <h2 id="linked-title" className="text-xl font-semibold text-white">
            The incident you followed a link to
          </h2>
          <IncidentCard incident={older} names={names} link={link(older.id)} />
        </section>
      )}
      {months.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-white/10 p-8 text-center text-slate-300">
          No incidents or maintenance in the last {history.days} days.
        </p>
      ) : (
        months.map(([month, entries]) => (
          <section key={month} aria-labelledby={`month-${month.replace(/\s/g, '-')}`} className="space-y-3">
            <h2 id={`month-${month.replace(/\s/g, '-')}`} className="text-xl font-semibold text-white">
              {month}
            </h2>
            {entries.map((entry) =>
              entry.kind === 'incident' ? (
                <IncidentCard key={entry.incident.id} incident={entry.incident} names={names} link={link(entry.incident.id)} />
              ) : (
                <MaintenanceCard key={entry.maintenance.id} maintenance={entry.maintenance} names={names} />
              ),
            )}
          </section>
        ))
      )}
    </div>
  );
}
