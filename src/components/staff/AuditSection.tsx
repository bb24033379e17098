import { useEffect, useId, useState } from 'react';
import type { AuditEntry, AuditQuery } from '../../../contracts/audit.ts';
import { Button } from '../ui/Button.tsx';
import { actionLabel, actorDetail, actorLabel, detailText, entryActionText, targetText } from './audit-text.ts';
import type { SectionProps } from './section-props.ts';
import { formatDateTime } from './format.ts';
import { Notice } from './Notice.tsx';
import { staffApi } from './staff-api.ts';
import { badge, badgeTones, card, input, label, muted } from './staff-styles.ts';

interface Filters {
  actor: string;
  action: string;
  outcome: '' | 'ok' | 'refused' | 'failed';
  from: string;
  to: string;
}

const empty: Filters = { actor: '', action: '', outcome: '', from: '', to: '' };
const pageSize = 50;
const outcomeTones = { ok: 'good', refused: 'warn', failed: 'bad' } as const;

/** The filters as the API takes them: dates are whole local days, "to" included. */
function queryOf(filters: Filters, cursor?: string): AuditQuery {
  const day = (value: string, next: boolean) => {
    if (!value) return undefined;
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y!, m! - 1, d! + (next ? 1 : 0)).getTime();
  };
  return {
    actor: filters.actor.trim() || undefined,
    action: filters.action || undefined,
    outcome: filters.outcome || undefined,
    from: day(filters.from, false),
    to: day(filters.to, true),
    cursor,
    limit: pageSize,
  };
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const detail = detailText(entry);
  const who = actorDetail(entry);
  const target = targetText(entry);
  return (
    <li className="grid gap-1 py-3 text-sm md:grid-cols-[11rem_1fr_auto] md:gap-4">
      <time dateTime={new Date(entry.at).toISOString()} className="text-slate-400">
        {formatDateTime(entry.at)}
      </time>
      <div className="min-w-0">
        <p className="text-slate-200">
          <span className="font-medium break-words text-white">{actorLabel(entry)}</span> <span className="text-slate-400">({entry.actor.kind})</span>{' '}
          {entryActionText(entry).toLowerCase()}
          {target ? <span className="[overflow-wrap:anywhere]"> · {target}</span> : null}
        </p>
        <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-400">
          {who ? `${who} · ` : ''}
          <code className="font-mono">{entry.action}</code>
          {entry.clientIp ? ` · from ${entry.clientIp}` : ''}
          {detail ? ` · ${detail}` : ''}
        </p>
      </div>
      <div>
        <span className={`${badge} ${badgeTones[outcomeTones[entry.outcome]]}`}>{entry.outcome}</span>
      </div>
    </li>
  );
}

/** The audit log: who did what, when; filter by who, what, outcome and days; newest first. */
export function AuditSection({ problem }: SectionProps) {
  const [filters, setFilters] = useState<Filters>(empty);
  const [applied, setApplied] = useState<Filters>(empty);
  const [entries, setEntries] = useState<AuditEntry[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [actions, setActions] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const load = async (next: Filters, after?: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const page = await staffApi.audit(queryOf(next, after));
      setEntries((previous) => (after ? [...(previous ?? []), ...page.entries] : page.entries));
      setCursor(page.nextCursor);
      setApplied(next);
    } catch (e) {
      setError(problem(e));
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies(load): once, when the section opens; load is a new function on every render.
  useEffect(() => {
    void load(empty);
    staffApi.auditActions().then(
      (answer) => setActions(answer.actions),
      () => setActions([]),
    );
  }, []);

  const set = (key: keyof Filters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setFilters({ ...filters, [key]: event.target.value });
  const filtered = JSON.stringify(applied) !== JSON.stringify(empty);

  return (
    <div className="space-y-6">
      <form
        className={card}
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          void load(filters);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
          <div className="lg:col-span-2">
            <label htmlFor={`${id}-actor`} className={label}>
              Who
            </label>
            <input id={`${id}-actor`} className={input} value={filters.actor} onChange={set('actor')} placeholder="Name, e-mail or server id" />
          </div>
          <div>
            <label htmlFor={`${id}-action`} className={label}>
              What
            </label>
            <select id={`${id}-action`} className={input} value={filters.action} onChange={set('action')}>
              <option value="">Everything</option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-from`} className={label}>
              From
            </label>
            <input id={`${id}-from`} type="date" className={input} value={filters.from} onChange={set('from')} />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={label}>
              To
            </label>
            <input id={`${id}-to`} type="date" className={input} value={filters.to} onChange={set('to')} />
          </div>
          <div>
            <label htmlFor={`${id}-outcome`} className={label}>
              Outcome
            </label>
            <select id={`${id}-outcome`} className={input} value={filters.outcome} onChange={set('outcome')}>
              <option value="">Any</option>
              <option value="ok">Done</option>
              <option value="refused">Refused</option>
              <option value="failed">Failed</option>
            </select>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            Show entries
          </Button>
          <Button
            variant="ghost"
            disabled={busy || (!filtered && JSON.stringify(filters) === JSON.stringify(empty))}
            onClick={() => {
              setFilters(empty);
              void load(empty);
            }}
          >
            Clear filters
          </Button>
        </div>
      </form>
      <Notice tone="error">{error}</Notice>
      <section aria-labelledby={`${id}-results`} className={card} aria-busy={busy}>
        <h2 id={`${id}-results`} className="sr-only">
          Entries
        </h2>
        <p role="status" className={muted}>
          {entries === undefined
            ? 'Loading…'
            : `${entries.length === 0 ? 'No entries' : `${entries.length}${cursor ? '+' : ''} ${entries.length === 1 ? 'entry' : 'entries'}`}${filtered ? (entries.length === 1 && !cursor ? ' matches the filters' : ' match the filters') : ''}${entries.length ? ', newest first' : ''}.`}
        </p>
        {entries && entries.length > 0 ? (
          <ul className="mt-2 divide-y divide-white/10">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : null}
        {cursor ? (
          <Button variant="secondary" className="mt-4" disabled={busy} onClick={() => void load(applied, cursor)}>
            Show older entries
          </Button>
        ) : null}
      </section>
    </div>
  );
}
