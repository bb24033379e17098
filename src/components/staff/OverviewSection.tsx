import { useState } from 'react';
import type { AuditEntry } from '../../../contracts/audit.ts';
import { roleLabels } from '../../../contracts/staff-rules.ts';
import { actionLabel, actorLabel } from './audit-text.ts';
import type { SectionProps } from './ConsoleShell.tsx';
import { formatRelative } from './format.ts';
import { Notice } from './Notice.tsx';
import { staffApi } from './staff-api.ts';
import { card, muted, subTitle } from './staff-styles.ts';
import { useLoad } from './use-load.ts';

function Recent({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className={muted}>Nothing recorded yet.</p>;
  return (
    <ul className="divide-y divide-white/10">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <span>
            <span className="text-white">{actorLabel(entry)}</span> <span className="text-slate-300">{actionLabel(entry.action).toLowerCase()}</span>
            {entry.target && entry.target !== entry.actor.label ? <span className="text-slate-300"> · {entry.target}</span> : null}
            {entry.outcome !== 'ok' && !entry.action.endsWith('_failed') ? <span className="text-rose-300"> ({entry.outcome})</span> : null}
          </span>
          <time dateTime={new Date(entry.at).toISOString()} className="shrink-0 text-slate-400">
            {formatRelative(entry.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/**
 * The first screen: who is signed in, the team at a glance (admins) and the latest entries of
 * the audit log, each leading to its section. Live status and unanswered messages join here.
 */
export function OverviewSection({ me, problem }: SectionProps) {
  const [error, setError] = useState<string>();
  const onError = (e: unknown) => setError(problem(e));
  const canManage = me.permissions.includes('staff.manage');
  const recent = useLoad(() => staffApi.audit({ limit: 8 }), onError);
  const team = useLoad(() => (canManage ? staffApi.members() : Promise.resolve(undefined)), onError);
  const account = useLoad(() => Promise.all([staffApi.passkeys(), staffApi.sessions()]), onError);

  const members = team.data?.members ?? [];
  const active = members.filter((m) => !m.disabled && m.passkeys > 0).length;
  const invited = members.filter((m) => !m.disabled && m.passkeys === 0).length;

  return (
    <div className="space-y-6">
      <p className="text-slate-300">
        Signed in as <strong className="text-white">{me.displayName}</strong> ({me.email}), {roleLabels[me.role].toLowerCase()}.
      </p>
      <Notice tone="error">{error}</Notice>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="overview-account" className={card}>
          <h2 id="overview-account" className={subTitle}>
            Your account
          </h2>
          {account.data ? (
            <p className="mt-2 text-sm text-slate-300">
              {account.data[0].passkeys.length} passkey{account.data[0].passkeys.length === 1 ? '' : 's'}, {account.data[1].sessions.length} open session
              {account.data[1].sessions.length === 1 ? '' : 's'}.
            </p>
          ) : (
            <p className={`mt-2 ${muted}`}>Loading…</p>
          )}
          <a href="#account" className="mt-3 inline-block text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
            Passkeys and sessions
          </a>
        </section>
        {canManage ? (
          <section aria-labelledby="overview-team" className={card}>
            <h2 id="overview-team" className={subTitle}>
              Team
            </h2>
            {team.data ? (
              <p className="mt-2 text-sm text-slate-300">
                {active} active, {invited} invited, {members.length - active - invited} disabled.
              </p>
            ) : (
              <p className={`mt-2 ${muted}`}>Loading…</p>
            )}
            <a href="#team" className="mt-3 inline-block text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
              Manage staff
            </a>
          </section>
        ) : null}
      </div>
      <section aria-labelledby="overview-recent" className={card}>
        <h2 id="overview-recent" className={subTitle}>
          Latest activity
        </h2>
        <div className="mt-3">{recent.data ? <Recent entries={recent.data.entries} /> : <p className={muted}>Loading…</p>}</div>
        <a href="#audit" className="mt-3 inline-block text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
          Open the audit log
        </a>
      </section>
    </div>
  );
}
