import type { Incident, IncidentBrief, Maintenance } from '../../contracts/incidents.ts';
import type { LocationStatus } from '../../contracts/probe-locations.ts';
import type { ServerView, StatusReport } from '../../contracts/status.ts';
import { boardBanner, type ServerStatus } from '../../contracts/status-rules.ts';
import type { LiveBoard } from './live-board.ts';
import { locationsShown } from './live-board.ts';
import type { MonitorCatalog } from './monitor-catalog.ts';
import { dailyOf, type Figures, type Measured } from './uptime-figures.ts';

/**
 * What the incidents capability tells the board (server/incidents/): which monitors are in a
 * maintenance window, and the incidents and maintenance to show.
 */
export interface NoticeSource {
  inMaintenance(monitorId: string, at: number): boolean;
  board(now: number): { incidents: Incident[]; maintenance: Maintenance[]; recent: IncidentBrief[] };
}

/** GET /api/status from its parts: the monitors, their live state, the uptime figures, the notices and the locations. */
export function assembleReport(parts: {
  catalog: MonitorCatalog;
  live: LiveBoard;
  figures: Figures;
  notices: ReturnType<NoticeSource['board']>;
  locations: LocationStatus[] | undefined;
}): StatusReport {
  const { catalog, live: board, figures, notices, locations } = parts;
  const inProgress = new Set(notices.maintenance.filter((m) => m.state === 'in_progress').flatMap((m) => m.monitorIds));
  const none: Measured = { uptimes: { h24: null, d30: null, d90: null }, measuredSince: null, daily: dailyOf([], figures.daysFrom) };
  const servers: ServerView[] = catalog.all.map((m) => {
    const live = board.of(m.id);
    const measured = figures.perMonitor.get(m.id) ?? none;
    return {
      id: m.id,
      name: m.name,
      type: m.type,
      status: live.status,
      latency: live.latency,
      uptime: measured.uptimes.d90,
      uptimes: measured.uptimes,
      checkedAt: live.checkedAt,
      ...(live.failure && live.latency === 0 ? { failure: live.failure } : {}),
      intervalSeconds: m.intervalSeconds,
      history: live.history.slice(),
      paused: m.paused,
      maintenance: inProgress.has(m.id),
      measuredSince: measured.measuredSince,
      daily: measured.daily,
      ...(live.players ? { players: live.players } : {}),
      ...(live.version ? { version: live.version } : {}),
      ...(locationsShown(live)
        ? {
            locations: [...live.locations].map(([location, l]) => ({
              location,
              status: l.status,
              latency: l.latency,
              at: l.at,
              ...(l.failure ? { failure: l.failure } : {}),
              history: l.history.slice(),
            })),
          }
        : {}),
      ...(live.detail ? { detail: live.detail } : {}),
    };
  });
  const counted = servers.filter((s) => !s.paused && !s.maintenance).map((s) => s.status);
  const active = catalog.all.filter((m) => !m.paused);
  return {
    summary: {
      banner: boardBanner({
        statuses: counted.filter((s): s is ServerStatus => s !== 'pending'),
        impacts: notices.incidents.map((i) => i.impact),
        maintenance: servers.some((s) => s.maintenance && !s.paused),
      }),
      monitored: active.length,
      paused: catalog.all.length - active.length,
      uptime90d: figures.overall.d90,
      uptimes: figures.overall,
      measuredSince: figures.overallSince,
      openIncidents: notices.incidents.length,
      ...(active.length
        ? { intervalSeconds: Math.min(...active.map((m) => m.intervalSeconds)), longestIntervalSeconds: Math.max(...active.map((m) => m.intervalSeconds)) }
        : {}),
    },
    servers,
    incidents: notices.incidents,
    maintenance: notices.maintenance,
    recentIncidents: notices.recent,
    daysFrom: figures.daysFrom,
    ...(locations ? { locations } : {}),
  };
}
