import type { AuditActorKind, AuditEntry } from '../../../contracts/audit.ts';
import { actorDetail, actorLabel, entryActionText, targetText } from './audit-text.ts';
import { CardLink, CardSection } from './CardSection.tsx';
import { formatRelative } from './format.ts';
import { staffApi } from './staff-api.ts';
import { muted } from './staff-styles.ts';
import { useLoad } from './use-load.ts';

const perGroup = 6;

/** The groups of the Overview's activity, by who acted (what the audit log holds for each). */
const groups: readonly { kind: AuditActorKind; title: string; empty: string }[] = [
  { kind: 'staff', title: 'Staff', empty: 'No staff action yet.' },
  { kind: 'customer', title: 'Customers in the panel', empty: 'No panel action recorded yet.' },
];

function Entries({ entries, empty }: { entries: AuditEntry[]; empty: string }) {
  if (entries.length === 0) return <p className={`mt-1 ${muted}`}>{empty}</p>;
  return (
    <ul className="divide-y divide-white/10">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="text-white" title={actorDetail(entry)}>
              {actorLabel(entry)}
            </span>{' '}
            <span className="text-slate-300">{entryActionText(entry).toLowerCase()}</span>
            {entry.target && entry.action.startsWith('contact.') ? (
              <>
                {' '}
                ·{' '}
                <a href={`#inbox/${entry.target}`} className="text-brand-300 underline underline-offset-4">
                  message {entry.target.slice(0, 8)}
                </a>
              </>
            ) : targetText(entry) ? (
              <span className="text-slate-300"> · {targetText(entry)}</span>
            ) : null}
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

/** The latest staff and panel actions from the audit log, one list per kind of actor. */
export function OverviewActivity({ onError }: { onError: (error: unknown) => void }) {
  const recent = useLoad(() => Promise.all(groups.map((g) => staffApi.audit({ actorKind: g.kind, limit: perGroup }))), onError);
  const pages = recent.data;
  return (
    <CardSection id="overview-recent" title="Latest activity">
      {pages ? (
        <div className="mt-3 grid grid-cols-1 gap-6 lg:grid-cols-2">
          {groups.map((group, i) => (
            <section key={group.kind} aria-labelledby={`overview-recent-${group.kind}`} className="min-w-0">
              <h3 id={`overview-recent-${group.kind}`} className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
                {group.title}
              </h3>
              <Entries entries={pages[i]!.entries} empty={group.empty} />
            </section>
          ))}
        </div>
      ) : (
        <p className={`mt-3 ${muted}`}>Loading…</p>
      )}
      <CardLink href="#audit">Open the audit log</CardLink>
    </CardSection>
  );
}
