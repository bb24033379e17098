import type { useProbeLocations } from '../../lib/use-probe-locations.ts';
import { ownUptime } from '../../lib/own-server-entries.ts';
import { ServerCard, ServerCardSkeleton } from './ServerCard.tsx';
import type { StatusReport } from './status-api.ts';
import { streamDotClass, streamWords } from './stream-state-look.ts';
import type { useOwnServers } from './use-own-servers.ts';

/** The board's servers: a card per monitored server, then the visitor's own (StatusBoard's part). */
export function BoardServers({
  report,
  own,
  onRemove,
  probes,
  now,
  connection,
}: {
  report: StatusReport | null;
  own: ReturnType<typeof useOwnServers>['own'];
  onRemove: (id: string) => void;
  probes: ReturnType<typeof useProbeLocations>;
  now: number;
  connection: Parameters<typeof streamWords>[0];
}) {
  return (
    <section aria-labelledby="servers-title">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="servers-title" className="text-xl font-semibold text-white">
          Servers
        </h2>
        <p className="inline-flex items-center gap-2 text-xs text-slate-400" aria-live="polite" data-testid="stream-state">
          <span className={streamDotClass(connection)} aria-hidden="true" />
          {streamWords(connection)}
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
                failure={s.failure}
                intervalSeconds={s.intervalSeconds}
                history={s.history}
                uptimes={s.uptimes}
                measuredSince={s.measuredSince}
                paused={s.paused}
                maintenance={s.maintenance}
                bar={{ daily: s.daily, daysFrom: report.daysFrom, incidents: report.recentIncidents }}
                players={s.players}
                version={s.version}
                now={now}
                locations={s.locations}
                detail={s.detail}
                probes={probes}
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
              uptime: ownUptime(e),
              detail: e.detail,
              problem: e.problem,
              onRemove: () => onRemove(e.id),
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
  );
}
