import { Pause, Trash2, UserRound, Wrench } from 'lucide-react';
import type { LocationStatus } from '../../../contracts/probe-locations.ts';
import type { LocationView } from '../../../contracts/status.ts';
import { LatencyChart } from './LatencyChart.tsx';
import { LocationLines } from './LocationLines.tsx';
import { probeLocationName } from '../../../contracts/probe-locations-rules.ts';
import type { DailyUptime, IncidentBrief, Reading, ShownStatus, Uptimes } from './status-api.ts';
import { intervalWords, latencyLabel, latencyTone, statusLabels, uptimeLabel, uptimeOver, type LatencyTone } from '../../lib/status-format.ts';
import { UptimeBar } from './UptimeBar.tsx';
import { cardVariants } from '../ui/card-variants.ts';

/**
 * What a card shows as its state: a probed state, what people decided (paused, maintenance), or
 * unchecked: a visitor's entry without an address, which nothing probes (so it claims no state,
 * latency or uptime).
 */
export type CardState = ShownStatus | 'maintenance' | 'paused' | 'unchecked';

export const statusDotClass: Record<CardState, string> = {
  operational: 'bg-emerald-400 shadow-[0_0_0_4px_rgb(52_211_153/0.15)]',
  degraded: 'bg-amber-400 shadow-[0_0_0_4px_rgb(251_191_36/0.15)]',
  down: 'bg-red-500 shadow-[0_0_0_4px_rgb(239_68_68/0.18)]',
  pending: 'bg-slate-500',
  maintenance: 'bg-violet-400 shadow-[0_0_0_4px_rgb(167_139_250/0.18)]',
  paused: 'bg-slate-400',
  unchecked: 'bg-slate-500',
};

const statusTextClass: Record<CardState, string> = {
  operational: 'text-emerald-300',
  degraded: 'text-amber-300',
  down: 'text-red-400',
  pending: 'text-slate-400',
  maintenance: 'text-violet-300',
  paused: 'text-slate-300',
  unchecked: 'text-slate-300',
};

const stateText: Record<CardState, string> = { ...statusLabels, pending: 'Checking…', maintenance: 'Maintenance', paused: 'Paused', unchecked: 'Not checked' };

/** A card is laid out and painted only when near the screen (docs/decisions.md 166): a phone shows one at a time. */
const serverCardClass = cardVariants({
  edge: 'ring',
  className: 'flex min-h-[17rem] flex-col p-5 transition [contain-intrinsic-block-size:auto_17rem] [content-visibility:auto] hover:ring-white/20',
});

const hour = 3_600_000;
const windows = [
  ['h24', 'Uptime 24 h', 24 * hour],
  ['d30', '30 d', 30 * 24 * hour],
  ['d90', '90 d', 90 * 24 * hour],
] as const;

export const latencyToneClass: Record<LatencyTone, string> = {
  red: 'text-red-400',
  blue: 'text-sky-400',
  yellow: 'text-amber-300',
};

export interface ServerCardProps {
  id: string;
  name: string;
  status: ShownStatus;
  latency: number;
  /** When the newest reading got no answer: why, in words ("HTTP 503"; docs/decisions.md 86). */
  failure?: string | undefined;
  /** Operator monitors: how often it is probed (seconds). */
  intervalSeconds?: number | undefined;
  history: readonly Reading[];
  /** Operator monitors: uptime over 24 h, 30 d, 90 d, measured since measuredSince. */
  uptimes?: Uptimes;
  measuredSince?: number | null;
  /** Operator monitors: paused by staff, or in a maintenance window now. */
  paused?: boolean;
  maintenance?: boolean;
  /** Operator monitors: the 90-day bar and the incidents of its days. */
  bar?: { daily: DailyUptime; daysFrom: number; incidents: readonly IncidentBrief[] };
  /** Minecraft: from the newest answer. */
  players?: { online: number; max: number };
  version?: string;
  /** The clock the spans are measured against. */
  now?: number;
  /** Operator monitors watched from several locations: what each sees, and from where a minority fails. */
  locations?: readonly LocationView[];
  detail?: string;
  /** Which locations report (a silent one is shown as such). */
  probes?: readonly LocationStatus[];
  /** The visitor's own entries. */
  own?: { address?: string; uptime: number | null; detail?: string; problem?: string; onRemove: () => void };
}

/** One monitored server: name, status with its dot, latency (coloured), chart and uptime. */
export function ServerCard({
  id,
  name,
  status,
  latency,
  failure,
  intervalSeconds,
  history,
  uptimes,
  measuredSince = null,
  paused,
  maintenance,
  bar,
  players,
  version,
  now = Date.now(),
  locations,
  detail,
  probes = [],
  own,
}: ServerCardProps) {
  const headingId = `server-${id}`;
  const unchecked = own !== undefined && !own.address;
  const state: CardState = unchecked ? 'unchecked' : paused ? 'paused' : maintenance ? 'maintenance' : status;
  const quiet = state === 'pending' || state === 'paused' || state === 'unchecked';
  return (
    <article aria-labelledby={headingId} data-server-id={id} data-status={state} className={serverCardClass}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold text-white">
            {name}
          </h3>
          {own && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-500/15 px-2 py-0.5 font-medium text-brand-300 ring-1 ring-brand-400/30">
                <UserRound className="size-3" aria-hidden="true" /> Your server
              </span>
              <span className="truncate">{own.address ?? 'No address'}</span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span className={`inline-flex items-center gap-2 text-sm font-medium ${statusTextClass[state]}`} data-testid="server-status">
            {state === 'maintenance' ? (
              <Wrench className="size-3.5" aria-hidden="true" />
            ) : state === 'paused' ? (
              <Pause className="size-3.5" aria-hidden="true" />
            ) : (
              <span className={`size-2.5 rounded-full ${statusDotClass[state]}`} aria-hidden="true" />
            )}
            {stateText[state]}
          </span>
          {own && (
            <button
              type="button"
              onClick={own.onRemove}
              className="rounded-md p-1.5 text-slate-400 transition hover:bg-white/5 hover:text-red-300"
              aria-label={`Remove ${name}`}
              title="Remove from your board"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>

      {detail && !quiet && state !== 'maintenance' && (
        <p className="mt-2 text-sm text-amber-300" data-testid="server-detail">
          {detail}
        </p>
      )}
      <div className="mt-4 flex items-baseline justify-between gap-3">
        <p className="text-sm text-slate-400">Latency</p>
        <p
          className={`text-right font-bold tabular-nums ${!quiet && latency <= 0 ? 'text-lg' : 'text-2xl'} ${quiet ? 'text-slate-400' : latencyToneClass[latencyTone(latency)]}`}
          data-testid="server-latency"
        >
          {quiet ? '—' : latencyLabel(latency, failure)}
        </p>
      </div>
      {(players || version) && (
        <p className="mt-1 text-xs text-slate-300" data-testid="server-minecraft">
          {version && <span>Version {version}</span>}
          {version && players && <span aria-hidden="true"> · </span>}
          {players && (
            <span>
              {players.online} of {players.max} players online
            </span>
          )}
        </p>
      )}

      {locations && locations.length > 0 && <LocationLines lines={locations} probes={probes} name={name} now={now} />}

      <LatencyChart
        lines={locations && locations.length > 1 ? locations.map((l) => ({ label: probeLocationName(l.location), readings: l.history })) : undefined}
        readings={history}
        name={name}
        emptyText={unchecked ? 'No address, so nothing is checked' : paused ? 'Paused: not probed' : undefined}
      />

      {bar && <UptimeBar monitorId={id} name={name} daily={bar.daily} daysFrom={bar.daysFrom} incidents={bar.incidents} now={now} />}

      <dl className={`mt-auto border-t border-white/5 pt-3 text-xs text-slate-400 ${uptimes ? 'grid gap-y-1' : 'flex flex-wrap gap-x-4 gap-y-1'}`}>
        {intervalSeconds !== undefined && (
          <div className="flex gap-1">
            <dt>Probed</dt>
            <dd className="font-semibold text-slate-200" data-testid="server-interval">
              {intervalWords(intervalSeconds)}
            </dd>
          </div>
        )}
        {uptimes ? (
          windows.map(([key, label, windowMs]) => (
            <div key={key} className="flex gap-1">
              <dt>{label}</dt>
              <dd className="font-semibold text-slate-200 tabular-nums" data-testid={`uptime-${key}`}>
                {uptimeOver(uptimes[key], measuredSince, windowMs, now)}
              </dd>
            </div>
          ))
        ) : own ? (
          <>
            <div className="flex gap-1">
              <dt>Uptime</dt>
              <dd className="font-semibold text-slate-200 tabular-nums">{unchecked ? 'Not measured' : uptimeLabel(own.uptime)}</dd>
            </div>
            {own.detail && (
              <div className="flex gap-1">
                <dt className="sr-only">Details</dt>
                <dd>{own.detail}</dd>
              </div>
            )}
            {own.problem && (
              <div className="w-full text-amber-300" role="status">
                {own.problem}
              </div>
            )}
          </>
        ) : null}
      </dl>
    </article>
  );
}

/** The shape of a server card while the first data loads (same size: nothing moves). */
export function ServerCardSkeleton() {
  return (
    <div className={cardVariants({ surface: 'placeholder', edge: 'faint', className: 'flex min-h-[17rem] animate-pulse flex-col p-5' })} aria-hidden="true">
      <div className="flex justify-between">
        <div className="h-5 w-32 rounded bg-white/10" />
        <div className="h-5 w-24 rounded bg-white/10" />
      </div>
      <div className="mt-5 flex justify-between">
        <div className="h-4 w-16 rounded bg-white/5" />
        <div className="h-7 w-20 rounded bg-white/10" />
      </div>
      <div className="mt-4 h-20 rounded bg-white/5" />
      {/* The 90-day bar and its caption. */}
      <div className="mt-8 h-7 rounded bg-white/5" />
      <div className="mt-1 h-[2.5em] text-[11px]" />
      <div className="mt-auto h-4 w-48 rounded bg-white/5" />
    </div>
  );
}
