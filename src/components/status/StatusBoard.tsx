import { AlertTriangle, CheckCircle2, History, RefreshCw, Rss, XCircle } from 'lucide-react';
import { Fragment, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { AddServerForm, type NewServer } from './AddServerForm.tsx';
import { loadOwnServers, saveOwnServers, type OwnServer } from './own-servers.ts';
import { IncidentCard, MaintenanceCard } from './NoticeCards.tsx';
import { ServerCard, ServerCardSkeleton } from './ServerCard.tsx';
import {
  appendReading,
  checkServer,
  fetchReport,
  type CheckAnswer,
  type NoticeEvent,
  type Reading,
  type ServerReport,
  type ShownStatus,
  type StatusReport,
  type StatusUpdate,
} from './status-api.ts';
import { boardBanner, type ServerStatus } from '../../../contracts/status-rules.ts';
import { maintenanceStateLabels } from '../../lib/status-format.ts';
import { ApiError } from '../../lib/api-client.ts';
import { SummaryCards, SummaryCardsSkeleton } from './SummaryCards.tsx';

/** How often a visitor's own server is checked while the page is open. */
const ownCheckEveryMs = 30_000;
/** The uptime figures are re-read now and then; live states come from the stream. */
const refreshEveryMs = 5 * 60_000;
/** First wait before a refused live stream is opened again (the server's Retry-After); it doubles up to refreshEveryMs. */
const streamReopenFirstMs = 30_000;

interface OwnEntry extends OwnServer {
  status: ShownStatus;
  latency: number;
  history: Reading[];
  checks: number;
  ups: number;
  detail?: string;
  problem?: string;
}

/** The change toast (docs/decisions.md 28): "{name} is now {status}", with a green, yellow or red icon. */
function announce(name: string, status: ServerStatus): void {
  const message = `${name} is now ${status}`;
  if (status === 'operational') notifySuccess(message, <CheckCircle2 className="size-5 text-emerald-400" aria-hidden="true" />);
  else if (status === 'degraded') notifyWarning(message, <AlertTriangle className="size-5 text-amber-400" aria-hidden="true" />);
  else notifyError(message, <XCircle className="size-5 text-red-500" aria-hidden="true" />);
}

function statusOfAnswer(answer: CheckAnswer): ServerStatus {
  if (!answer.ok) return 'down';
  return answer.latency <= 300 ? 'operational' : 'degraded';
}

function detailOfAnswer(answer: CheckAnswer): string | undefined {
  const parts = [answer.players && `${answer.players.online}/${answer.players.max} players`, answer.version].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

/** The summary's banner and count from the servers and notices shown (the same rule as the server's, docs/decisions.md 38). */
function summarised(report: StatusReport): StatusReport {
  const counted = report.servers.filter((s) => !s.paused && !s.maintenance).map((s) => s.status);
  const banner = boardBanner({
    statuses: counted.filter((s): s is ServerStatus => s !== 'pending'),
    impacts: report.incidents.map((i) => i.impact),
    maintenance: report.servers.some((s) => s.maintenance && !s.paused),
  });
  return { ...report, summary: { ...report.summary, banner, openIncidents: report.incidents.length } };
}

function withUpdates(report: StatusReport, updates: readonly StatusUpdate[]): StatusReport {
  const byId = new Map(updates.map((u) => [u.id, u]));
  const servers: ServerReport[] = report.servers.map((s) => {
    const u = byId.get(s.id);
    if (!u || (s.checkedAt !== null && u.timestamp <= s.checkedAt)) return s;
    return {
      ...s,
      status: u.status,
      latency: u.latency,
      checkedAt: u.timestamp,
      history: appendReading(s.history, { timestamp: u.timestamp, latency: u.latency }),
      ...(u.players ? { players: u.players } : {}),
      ...(u.version ? { version: u.version } : {}),
    };
  });
  return summarised({ ...report, servers });
}

/** A pushed incident or maintenance change, applied to what the board shows. */
function withNotice(report: StatusReport, notice: NoticeEvent): StatusReport {
  let { incidents, maintenance, recentIncidents, servers } = report;
  const { incident, maintenance: window } = notice;
  if (incident) {
    incidents = incidents.filter((i) => i.id !== incident.id);
    if (incident.state !== 'resolved') incidents = [incident, ...incidents].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const { id, title, impact, monitorIds, startedAt, resolvedAt } = incident;
    recentIncidents = [{ id, title, impact, monitorIds, startedAt, resolvedAt }, ...recentIncidents.filter((i) => i.id !== incident.id)];
  }
  if (window) {
    maintenance = maintenance.filter((m) => m.id !== window.id);
    if (window.state === 'scheduled' || window.state === 'in_progress')
      maintenance = [...maintenance, window].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    const under = new Set(maintenance.filter((m) => m.state === 'in_progress').flatMap((m) => m.monitorIds));
    servers = servers.map((s) => (s.maintenance === under.has(s.id) ? s : { ...s, maintenance: under.has(s.id) }));
  }
  return summarised({ ...report, incidents, maintenance, recentIncidents, servers });
}

/** What a screen reader hears when a notice arrives. */
function noticeText(notice: NoticeEvent): string {
  const { incident, maintenance } = notice;
  if (incident) {
    if (notice.kind === 'incident.created') return `New incident: ${incident.title}.`;
    if (notice.kind === 'incident.resolved') return `Resolved: ${incident.title}.`;
    return `Update on ${incident.title}: ${incident.updates.at(-1)?.message ?? ''}`;
  }
  if (maintenance) return `Maintenance ${maintenanceStateLabels[maintenance.state].toLowerCase()}: ${maintenance.title}.`;
  return '';
}

/**
 * The live board: the summary and a card per monitored server, loaded from /api/status and
 * kept current by the serverStatus stream; plus the visitor's own servers (this browser only).
 */
export function StatusBoard() {
  const [report, setReport] = useState<StatusReport | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [connection, setConnection] = useState<'connecting' | 'live' | 'reconnecting'>('connecting');
  const [own, setOwn] = useState<OwnEntry[]>([]);
  const [heard, setHeard] = useState('');
  const reportRef = useRef<StatusReport | null>(null);
  const ownRef = useRef<OwnEntry[]>([]);

  const showReport = useCallback((next: StatusReport) => {
    reportRef.current = next;
    setReport(next);
  }, []);

  const showOwn = useCallback((next: OwnEntry[]) => {
    ownRef.current = next;
    setOwn(next);
  }, []);

  const load = useCallback(async () => {
    try {
      const fresh = await fetchReport();
      // Keep live readings that arrived while the request was under way.
      const current = reportRef.current;
      const next = current
        ? withUpdates(
            fresh,
            current.servers.filter((s) => s.checkedAt !== null).map((s) => ({ id: s.id, status: s.status, latency: s.latency, timestamp: s.checkedAt! })),
          )
        : fresh;
      // The whole board at once is the page's biggest render: as a transition React does it in
      // slices that leave the main thread free (the phone's total blocking time stays low).
      reportRef.current = next;
      startTransition(() => setReport(next));
      setLoadFailed(false);
    } catch {
      if (!reportRef.current) setLoadFailed(true);
    }
  }, []);

  // First load, the live stream, and a slow refresh of the uptime figures.
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let reopenDelayMs = streamReopenFirstMs;
    let cancelled = false;
    const onStatus = (event: MessageEvent<string>) => {
      const current = reportRef.current;
      if (!current) return;
      const updates = JSON.parse(event.data) as StatusUpdate[];
      // A monitor this page has not seen yet (added since it loaded): read the whole board again.
      if (updates.some((u) => !current.servers.some((s) => s.id === u.id))) void load();
      for (const u of updates) {
        const shown = current.servers.find((s) => s.id === u.id);
        if (
          shown &&
          shown.status !== 'pending' &&
          u.status !== 'pending' &&
          shown.status !== u.status &&
          (shown.checkedAt === null || u.timestamp > shown.checkedAt)
        ) {
          announce(shown.name, u.status);
        }
      }
      showReport(withUpdates(current, updates));
    };
    const onNotice = (event: MessageEvent<string>) => {
      const current = reportRef.current;
      if (!current) return;
      const notice = JSON.parse(event.data) as NoticeEvent;
      showReport(withNotice(current, notice));
      setHeard(noticeText(notice));
    };
    let opened = false;
    const open = () => {
      if (cancelled) return;
      const stream = new EventSource('/api/status/stream');
      source = stream;
      stream.onopen = () => {
        reopenDelayMs = streamReopenFirstMs;
        setConnection('live');
        // Notices carry no event id, so none are replayed: after a reconnect, read them afresh.
        if (opened) void load();
        opened = true;
      };
      stream.onerror = () => {
        setConnection('reconnecting');
        // The browser retries a dropped stream by itself, but gives up on an answer that is not
        // a stream (the server refused it as busy, or a proxy failed): open a new one later.
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        reopen = setTimeout(open, reopenDelayMs);
        reopenDelayMs = Math.min(reopenDelayMs * 2, refreshEveryMs);
      };
      stream.addEventListener('serverStatus', onStatus as EventListener);
      stream.addEventListener('notice', onNotice as EventListener);
      // The monitors were added, changed, paused or deleted in the console.
      stream.addEventListener('monitors', () => void load());
    };
    void load().then(open);
    const refresh = setInterval(() => void load(), refreshEveryMs);
    return () => {
      cancelled = true;
      source?.close();
      clearTimeout(reopen);
      clearInterval(refresh);
    };
  }, [load, showReport]);

  const check = useCallback(
    async (entry: OwnServer): Promise<void> => {
      if (!entry.address) return;
      let patch: Partial<OwnEntry>;
      try {
        const answer = await checkServer(entry.address, entry.type);
        const status = statusOfAnswer(answer);
        const before = ownRef.current.find((e) => e.id === entry.id);
        if (!before) return;
        if (before.status !== 'pending' && before.status !== status) announce(before.name, status);
        patch = {
          status,
          latency: answer.latency,
          history: appendReading(before.history, { timestamp: Date.now(), latency: answer.latency }),
          checks: before.checks + 1,
          ups: before.ups + (status === 'down' ? 0 : 1),
          detail: detailOfAnswer(answer),
          problem: undefined,
        };
      } catch (error) {
        patch = { problem: error instanceof ApiError && error.status !== 0 ? error.message : 'The check could not reach our server; retrying in 30 seconds.' };
      }
      showOwn(ownRef.current.map((e) => (e.id === entry.id ? { ...e, ...patch } : e)));
    },
    [showOwn],
  );

  // The visitor's entries: read once from localStorage, then checked every 30 s.
  useEffect(() => {
    const stored = loadOwnServers().map<OwnEntry>((s) => ({ ...s, status: s.address ? 'pending' : 'operational', latency: 0, history: [], checks: 0, ups: 0 }));
    showOwn(stored);
    for (const entry of stored) void check(entry);
    const timer = setInterval(() => {
      for (const entry of ownRef.current) void check(entry);
    }, ownCheckEveryMs);
    return () => clearInterval(timer);
  }, [check, showOwn]);

  async function add(server: NewServer): Promise<string | undefined> {
    const entry: OwnServer = {
      id: `own-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
      name: server.name,
      type: server.type,
      addedAt: Date.now(),
      ...(server.address ? { address: server.address } : {}),
    };
    let first: OwnEntry = { ...entry, status: 'operational', latency: 0, history: [], checks: 0, ups: 0 };
    if (server.address) {
      try {
        const answer = await checkServer(server.address, server.type);
        const status = statusOfAnswer(answer);
        first = {
          ...first,
          status,
          latency: answer.latency,
          history: [{ timestamp: Date.now(), latency: answer.latency }],
          checks: 1,
          ups: status === 'down' ? 0 : 1,
          detail: detailOfAnswer(answer),
        };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return error.message;
        if (error instanceof ApiError && error.status === 429) return error.message;
        return 'The check could not be run. Please try again.';
      }
    }
    const next = [...ownRef.current, first];
    showOwn(next);
    saveOwnServers(next.map(({ id, name, address, type, addedAt }) => ({ id, name, type, addedAt, ...(address ? { address } : {}) })));
    notifySuccess(`${server.name} added to your board`);
    return undefined;
  }

  function remove(id: string): void {
    const next = ownRef.current.filter((e) => e.id !== id);
    showOwn(next);
    saveOwnServers(next.map(({ id: i, name, address, type, addedAt }) => ({ id: i, name, type, addedAt, ...(address ? { address } : {}) })));
  }

  const names = new Map(report?.servers.map((s) => [s.id, s.name]) ?? []);
  const now = Date.now();

  if (loadFailed && !report) {
    return (
      <div className="rounded-2xl bg-surface-900/80 p-8 text-center ring-1 ring-red-400/30" role="alert">
        <p className="text-lg font-semibold text-white">The network status could not be loaded.</p>
        <p className="mt-1 text-sm text-slate-400">Check your connection and try again.</p>
        <button type="button" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })} onClick={() => void load()}>
          <RefreshCw className="size-4" aria-hidden="true" /> Try again
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-10" data-testid="status-board" data-ready={report ? 'true' : 'false'}>
      {report ? <SummaryCards {...report.summary} incidents={report.incidents} now={now} /> : <SummaryCardsSkeleton />}

      {/* Everything below the summary is built anew when the report arrives (new nodes, not moved
          ones): the incidents appearing above the servers shift nothing on screen (layout shift). */}
      <Fragment key={report ? 'ready' : 'loading'}>
        <p className="sr-only" aria-live="polite" data-testid="notice-heard">
          {heard}
        </p>

        {report && (report.incidents.length > 0 || report.maintenance.length > 0) && (
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
        )}

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

        <section aria-labelledby="servers-title">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id="servers-title" className="text-xl font-semibold text-white">
              Servers
            </h2>
            <p className="inline-flex items-center gap-2 text-xs text-slate-400" aria-live="polite" data-testid="stream-state">
              <span className={`size-2 rounded-full ${connection === 'live' ? 'animate-pulse bg-emerald-400' : 'bg-slate-500'}`} aria-hidden="true" />
              {connection === 'live' ? 'Live' : connection === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
            </p>
          </div>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {report
              ? report.servers.map((s) => (
                  <ServerCard
                    key={s.id}
                    id={s.id}
                    name={s.name}
                    status={s.status}
                    latency={s.latency}
                    history={s.history}
                    uptimes={s.uptimes}
                    measuredSince={s.measuredSince}
                    paused={s.paused}
                    maintenance={s.maintenance}
                    bar={{ daily: s.daily, daysFrom: report.daysFrom, incidents: report.recentIncidents }}
                    players={s.players}
                    version={s.version}
                    now={now}
                  />
                ))
              : [0, 1].map((i) => <ServerCardSkeleton key={i} />)}
            {own.map((e) => (
              <ServerCard
                key={e.id}
                id={e.id}
                name={e.name}
                status={e.status}
                latency={e.latency}
                history={e.history}
                own={{
                  address: e.address,
                  // Nothing measured yet claims nothing (docs/decisions.md 12).
                  uptime: e.checks === 0 ? null : Math.floor((e.ups / e.checks) * 10_000) / 100,
                  detail: e.detail,
                  problem: e.problem,
                  onRemove: () => remove(e.id),
                }}
              />
            ))}
            {report && report.servers.length === 0 && own.length === 0 && (
              <p className="rounded-2xl border border-dashed border-white/10 p-8 text-center text-sm text-slate-400 md:col-span-2 xl:col-span-3">
                No servers are monitored yet.
              </p>
            )}
          </div>
        </section>

        <AddServerForm onAdd={add} />
      </Fragment>
    </div>
  );
}
