import { Trash2, UserRound } from 'lucide-react';
import { LatencyChart } from './LatencyChart.tsx';
import type { Reading, ShownStatus, Uptimes } from './status-api.ts';
import { latencyLabel, latencyTone, statusLabels, uptimeLabel, type LatencyTone } from '../../lib/status-format.ts';

export const statusDotClass: Record<ShownStatus, string> = {
  operational: 'bg-emerald-400 shadow-[0_0_0_4px_rgb(52_211_153/0.15)]',
  degraded: 'bg-amber-400 shadow-[0_0_0_4px_rgb(251_191_36/0.15)]',
  down: 'bg-red-500 shadow-[0_0_0_4px_rgb(239_68_68/0.18)]',
  pending: 'bg-slate-500',
};

const statusTextClass: Record<ShownStatus, string> = {
  operational: 'text-emerald-300',
  degraded: 'text-amber-300',
  down: 'text-red-400',
  pending: 'text-slate-400',
};

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
  history: readonly Reading[];
  /** Operator monitors: uptime over 24 h, 30 d, 90 d. */
  uptimes?: Uptimes;
  /** The visitor's own entries. */
  own?: { address?: string; uptime: number; detail?: string; problem?: string; onRemove: () => void };
}

/** One monitored server: name, status with its dot, latency (coloured), chart and uptime. */
export function ServerCard({ id, name, status, latency, history, uptimes, own }: ServerCardProps) {
  const headingId = `server-${id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-server-id={id}
      data-status={status}
      className="flex min-h-[17rem] flex-col rounded-2xl bg-surface-900/80 p-5 ring-1 ring-white/10 transition hover:ring-white/20"
    >
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
              <span className="truncate">{own.address ?? 'No address: not checked'}</span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span className={`inline-flex items-center gap-2 text-sm font-medium ${statusTextClass[status]}`} data-testid="server-status">
            <span className={`size-2.5 rounded-full ${statusDotClass[status]}`} aria-hidden="true" />
            {status === 'pending' ? 'Checking…' : statusLabels[status]}
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

      <div className="mt-4 flex items-baseline justify-between gap-3">
        <p className="text-sm text-slate-400">Latency</p>
        <p className={`text-2xl font-bold tabular-nums ${status === 'pending' ? 'text-slate-400' : latencyToneClass[latencyTone(latency)]}`} data-testid="server-latency">
          {status === 'pending' ? '—' : latencyLabel(latency)}
        </p>
      </div>

      <LatencyChart readings={history} name={name} emptyText={own && !own.address ? 'No address, so no readings' : undefined} />

      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 border-t border-white/5 pt-3 text-xs text-slate-400">
        {uptimes ? (
          <>
            <div className="flex gap-1"><dt>Uptime 24 h</dt><dd className="font-semibold text-slate-200 tabular-nums">{uptimeLabel(uptimes.h24)}</dd></div>
            <div className="flex gap-1"><dt>30 d</dt><dd className="font-semibold text-slate-200 tabular-nums">{uptimeLabel(uptimes.d30)}</dd></div>
            <div className="flex gap-1"><dt>90 d</dt><dd className="font-semibold text-slate-200 tabular-nums">{uptimeLabel(uptimes.d90)}</dd></div>
          </>
        ) : own ? (
          <>
            <div className="flex gap-1"><dt>Uptime</dt><dd className="font-semibold text-slate-200 tabular-nums">{uptimeLabel(own.uptime)}</dd></div>
            {own.detail && <div className="flex gap-1"><dt className="sr-only">Details</dt><dd>{own.detail}</dd></div>}
            {own.problem && <div className="w-full text-amber-300" role="status">{own.problem}</div>}
          </>
        ) : null}
      </dl>
    </article>
  );
}

/** The shape of a server card while the first data loads (same size: nothing moves). */
export function ServerCardSkeleton() {
  return (
    <div className="flex min-h-[17rem] animate-pulse flex-col rounded-2xl bg-surface-900/60 p-5 ring-1 ring-white/5" aria-hidden="true">
      <div className="flex justify-between">
        <div className="h-5 w-32 rounded bg-white/10" />
        <div className="h-5 w-24 rounded bg-white/10" />
      </div>
      <div className="mt-5 flex justify-between">
        <div className="h-4 w-16 rounded bg-white/5" />
        <div className="h-7 w-20 rounded bg-white/10" />
      </div>
      <div className="mt-4 h-20 rounded bg-white/5" />
      <div className="mt-auto h-4 w-48 rounded bg-white/5" />
    </div>
  );
}
