import type { InboxMessage } from '../../../../contracts/staff-contact.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { formatRelative } from '../format.ts';
import { VisibleText } from '../VisibleText.tsx';

/**
 * Contact messages that did not reach the team's channels, each opening its conversation, where
 * the delivery is retried (docs/decisions.md 60). Nothing shows while every delivery is fine.
 */
export function FailedDeliveries({ failed }: { failed: { messages: InboxMessage[]; total: number } | undefined }) {
  if (!failed || failed.total === 0) return null;
  return (
    <section aria-labelledby="desk-failed" className="mt-4 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4">
      <h2 id="desk-failed" className="text-base font-semibold text-white">
        {t.failedHeading}
      </h2>
      <p className="mt-1 text-sm text-rose-100">{t.failedLead(failed.total)}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {failed.messages.map((m) => (
          <li key={m.id}>
            <a
              href={`#conversations/${m.id}`}
              title={`${m.subject} from ${m.name}`}
              className="flex min-w-0 items-baseline justify-between gap-3 text-slate-100 underline underline-offset-4"
            >
              <span className="min-w-0 truncate">
                <bdi>
                  <VisibleText text={m.subject} />
                </bdi>{' '}
                from{' '}
                <bdi>
                  <VisibleText text={m.name} />
                </bdi>
              </span>
              <time dateTime={new Date(m.createdAt).toISOString()} className="shrink-0 text-xs text-rose-100">
                {formatRelative(m.createdAt)}
              </time>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
