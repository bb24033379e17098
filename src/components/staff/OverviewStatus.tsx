import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusReport } from '../../../contracts/status.ts';
import { type Banner, type ShownStatus, shownStatuses } from '../../../contracts/status-rules.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { latencyLabel } from '../../lib/status-format.ts';
import { withReadings } from '../../lib/status-updates.ts';
import { useStatusStream } from '../../lib/use-status-stream.ts';
import { CardLink } from './CardSection.tsx';
import { badge, badgeTones, card, muted, subTitle } from './staff-styles.ts';

/**
 * The live status summary on the Overview: the public board's own data (/api/status, then its
 * stream's serverStatus events, applied as the board applies them: src/lib/status-updates.ts),
 * read-only: the banner, how many monitors are in each state, and each monitor's state and latency. The report itself is read again every minute, for what
 * the stream does not carry (incidents, monitors added or removed).
 */
const reloadEveryMs = 60_000;

const stateLabels: Record<ShownStatus, string> = { operational: 'Operational', degraded: 'Degraded', down: 'Down', pending: 'Waiting for a probe' };
const stateTones = { operational: 'good', degraded: 'warn', down: 'bad', pending: 'neutral' } as const;
const bannerTones: Record<Banner, string> = {
  'All Systems Operational': 'text-emerald-300',
  'Under Maintenance': 'text-violet-300',
  'Degraded Performance': 'text-amber-300',
  'Partial Outage': 'text-orange-300',
  'Major Outage': 'text-red-300',
};
const states: readonly ShownStatus[] = shownStatuses;

export function OverviewStatus() {
  const [report, setReport] = useState<StatusReport>();
  const [failed, setFailed] = useState(false);
  const current = useRef<StatusReport | undefined>(undefined);

  const show = useCallback((next: StatusReport) => {
    current.current = next;
    setReport(next);
  }, []);

  useEffect(() => {
    const load = () =>
      apiFetch<StatusReport>('GET', '/api/status').then(
        (fresh) => {
          setFailed(false);
          show(fresh);
        },
        () => setFailed(true),
      );
    void load();
    const timer = setInterval(() => void load(), reloadEveryMs);
    return () => clearInterval(timer);
  }, [show]);

  const live =
    useStatusStream({
      serverStatus: (updates) => {
        if (current.current) show(withReadings(current.current, updates));
      },
    }) === 'live';

  const servers = report?.servers ?? [];
  return (
    <section aria-labelledby="overview-status" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overview-status" className={subTitle}>
          Live status
        </h2>
        <p className="inline-flex items-center gap-2 text-xs text-slate-400">
          <span aria-hidden="true" className={`size-2 rounded-full ${live ? 'bg-emerald-400' : 'bg-slate-500'}`} />
          {live ? 'Live' : 'Connecting…'}
        </p>
      </div>
      {report ? (
        <>
          <p role="status" className={`mt-2 text-lg font-semibold ${bannerTones[report.summary.banner]}`}>
            {report.summary.banner}
          </p>
          <ul aria-label="Monitors per state" className="mt-2 flex flex-wrap gap-2">
            {states.map((state) => (
              <li key={state} className={`${badge} ${badgeTones[stateTones[state]]}`}>
                {stateLabels[state]}: {servers.filter((s) => s.status === state).length}
              </li>
            ))}
          </ul>
          {servers.length === 0 ? (
            <p className={`mt-3 ${muted}`}>No monitors yet.</p>
          ) : (
            <ul aria-label="Monitors" className="mt-3 divide-y divide-white/10">
              {servers.map((s) => (
                <li key={s.id} data-monitor-id={s.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 truncate text-slate-100" title={s.name}>
                    {s.name}
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    {s.status === 'pending' ? null : <span className="text-xs text-slate-400">{latencyLabel(s.latency, s.failure)}</span>}
                    <span className={`${badge} ${badgeTones[stateTones[s.status]]}`}>{stateLabels[s.status]}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className={`mt-2 ${muted}`}>{failed ? 'The status could not be loaded; trying again in a minute.' : 'Loading…'}</p>
      )}
      <CardLink href="/network-status">The public status board</CardLink>
    </section>
  );
}
