import type { ConversationContext } from '../../../../contracts/support-staff-api.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { describeUserAgent } from '../format.ts';
import { CustomerContext } from './CustomerContext.tsx';
import { badge, badgeTones, subTitle } from '../staff-styles.ts';
import { VisibleText } from '../VisibleText.tsx';

/** Beside a conversation: the page it started on, the visitor's game server and its state, open incidents. */
export function ContextPanel({ context }: { context: ConversationContext }) {
  const row = 'mt-3 text-sm';
  const term = 'text-xs font-semibold tracking-wide text-slate-400 uppercase';
  return (
    <aside aria-label={t.contextHeading} className="rounded-xl border border-white/10 bg-surface-900 p-4">
      <h3 className={subTitle}>{t.contextHeading}</h3>
      <dl>
        {context.customer && <CustomerContext customer={context.customer} row={row} term={term} />}
        <div className={row}>
          <dt className={term}>{t.startedOn}</dt>
          <dd data-context="page" className="break-all text-slate-100">
            {context.page ? <VisibleText text={context.page} /> : '—'}
          </dd>
        </div>
        {context.assistantQuestion && (
          <div className={row}>
            <dt className={term}>{t.askedAssistant}</dt>
            <dd className="text-slate-100">
              <VisibleText text={context.assistantQuestion} />
            </dd>
          </div>
        )}
        <div className={row}>
          <dt className={term}>{t.server}</dt>
          <dd data-context="server" className="text-slate-100">
            {context.server ? (
              <>
                <VisibleText text={context.server.name ?? context.server.id} />{' '}
                <span className={`${badge} ${context.server.state === 'running' ? badgeTones.good : badgeTones.neutral}`}>
                  {context.server.state ?? 'unknown'}
                </span>
                {context.server.status && <span className={`${badge} ${badgeTones.warn} ml-1`}>{context.server.status}</span>}
              </>
            ) : (
              t.serverNone
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t.incidents}</dt>
          <dd className="text-slate-100">
            {context.incidents.length + context.maintenance.length === 0 ? (
              t.incidentsNone
            ) : (
              <ul className="list-disc pl-5">
                {context.incidents.map((i) => (
                  <li key={i.id}>
                    {i.title} <span className={`${badge} ${badgeTones.bad}`}>{i.impact}</span>
                  </li>
                ))}
                {context.maintenance.map((m) => (
                  <li key={m.id}>
                    {m.title} <span className={`${badge} ${badgeTones.warn}`}>maintenance</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t.browser}</dt>
          <dd className="text-slate-100">{describeUserAgent(context.userAgent)}</dd>
        </div>
      </dl>
    </aside>
  );
}
