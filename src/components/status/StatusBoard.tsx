import { Fragment, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { hasUnknownMonitor, noticeText, readingsOf, stateChanges, withNotice, withReadings } from '../../lib/status-updates.ts';
import { useProbeLocations } from '../../lib/use-probe-locations.ts';
import { useStatusStream } from '../../lib/use-status-stream.ts';
import { AddServerForm } from './AddServerForm.tsx';
import { BoardServers } from './BoardServers.tsx';
import { announce } from './announce.tsx';
import { StatusLinks, StatusLoadFailed, StatusNotices } from './StatusBoardParts.tsx';
import { type BoardStart, boardStartId, pageStart, pageStreamState } from './page-start.ts';
import { fetchReport, type StatusReport } from './status-api.ts';
import { SummaryCards, SummaryCardsSkeleton } from './SummaryCards.tsx';
import { useOwnServers } from './use-own-servers.ts';

/** The uptime figures are re-read now and then; live states come from the stream. */
const refreshEveryMs = 5 * 60_000;

/**
 * The live board: the summary and a card per monitored server, loaded from /api/status and
 * kept current by the live stream (src/lib/use-status-stream.ts); plus the visitor's own servers
 * (this browser only, src/components/status/use-own-servers.ts).
 *
 * The server renders it with `start` (server/status-pages/, docs/decisions.md 147) and places the
 * same `start` in the page; hydrating, it starts from that (and from the stream state the page's
 * plain script reached), so its first render is the server's markup.
 */
export function StatusBoard({ start: given }: { start?: BoardStart }) {
  const [start] = useState(() => given ?? pageStart<BoardStart>(boardStartId));
  const [report, setReport] = useState<StatusReport | null>(start?.report ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(start !== undefined);
  const [heard, setHeard] = useState('');
  // The server's clock for the first render (the one hydration compares), the visitor's after.
  const [renderedAt, setRenderedAt] = useState(start?.now);
  const reportRef = useRef<StatusReport | null>(start?.report ?? null);
  const { own, add, remove } = useOwnServers();

  const showReport = useCallback((next: StatusReport) => {
    reportRef.current = next;
    setReport(next);
  }, []);

  const load = useCallback(async () => {
    try {
      const fresh = await fetchReport();
      // Keep live readings that arrived while the request was under way.
      const current = reportRef.current;
      const next = current ? withReadings(fresh, readingsOf(current)) : fresh;
      // The whole board at once is the page's biggest render: as a transition React does it in
      // slices that leave the main thread free (the phone's total blocking time stays low).
      reportRef.current = next;
      startTransition(() => setReport(next));
      setLoadFailed(false);
    } catch {
      if (!reportRef.current) setLoadFailed(true);
    }
  }, []);

  // First load (the stream opens after it), and a slow refresh of the uptime figures.
  useEffect(() => {
    setRenderedAt(undefined);
    void load().then(() => setLoadedOnce(true));
    const refresh = setInterval(() => void load(), refreshEveryMs);
    return () => clearInterval(refresh);
  }, [load]);

  const connection = useStatusStream(
    {
      serverStatus: (updates) => {
        const current = reportRef.current;
        if (!current) return;
        // A monitor this page has not seen yet (added since it loaded): read the whole board again.
        if (hasUnknownMonitor(current, updates)) void load();
        for (const change of stateChanges(current, updates)) announce(change.name, change.status);
        showReport(withReadings(current, updates));
      },
      notice: (notice) => {
        const current = reportRef.current;
        if (!current) return;
        showReport(withNotice(current, notice));
        setHeard(noticeText(notice));
      },
      // The monitors were added, changed, paused or deleted in the console.
      monitors: () => void load(),
      // Notices carry no event id, so none are replayed: after a reconnect, read them afresh.
      reopened: () => void load(),
    },
    loadedOnce,
    given ? undefined : pageStreamState(boardStartId),
  );

  const probes = useProbeLocations(report?.locations);
  const names = new Map(report?.servers.map((s) => [s.id, s.name]) ?? []);
  const now = renderedAt ?? Date.now();

  if (loadFailed && !report) return <StatusLoadFailed onRetry={() => void load()} />;

  return (
    <div className="space-y-10" data-testid="status-board" data-ready={report ? 'true' : 'false'}>
      {report ? <SummaryCards {...report.summary} incidents={report.incidents} now={now} /> : <SummaryCardsSkeleton />}

      {/* Everything below the summary is built anew when the report arrives (new nodes, not moved
          ones): the incidents appearing above the servers shift nothing on screen (layout shift). */}
      <Fragment key={report ? 'ready' : 'loading'}>
        {/* The page's plain script may have said a notice here before React ran: React says the next. */}
        <p className="sr-only" aria-live="polite" data-testid="notice-heard" suppressHydrationWarning>
          {heard}
        </p>

        {report && <StatusNotices report={report} names={names} />}

        <StatusLinks />

        <BoardServers report={report} own={own} onRemove={remove} probes={probes} now={now} connection={connection} />

        <AddServerForm onAdd={add} />
      </Fragment>
    </div>
  );
}
