import type { InboxPage } from '../../../contracts/staff-contact.ts';
import { CardLink, CardSection } from './CardSection.tsx';
import { contactApi } from './contact-api.ts';
import { formatRelative } from './format.ts';
import { muted } from './staff-styles.ts';
import { setUnansweredCount } from './unanswered-count.ts';
import { useLoad } from './use-load.ts';
import { VisibleText } from './VisibleText.tsx';

const newest = 5;

/** Unanswered contact messages on the Overview: how many, and the newest few, each opening in the inbox. */
export function OverviewInbox({ onError }: { onError: (error: unknown) => void }) {
  const inbox = useLoad(async (): Promise<InboxPage> => {
    const page = await contactApi.list({ view: 'unanswered', limit: newest });
    setUnansweredCount(page.unanswered);
    return page;
  }, onError);
  const page = inbox.data;
  return (
    <CardSection id="overview-inbox" title="Unanswered messages">
      {page ? (
        <>
          <p className="mt-2 text-sm text-slate-300">
            {page.unanswered === 0
              ? 'Every contact message is answered.'
              : `${page.unanswered} ${page.unanswered === 1 ? 'message waits' : 'messages wait'} for an answer.`}
          </p>
          {page.messages.length > 0 ? (
            <ul className="mt-2 divide-y divide-white/10">
              {page.messages.map((m) => (
                <li key={m.id} className="py-2 text-sm">
                  <a
                    href={`#inbox/${m.id}`}
                    title={`${m.subject} from ${m.name}`}
                    className="flex min-w-0 items-baseline justify-between gap-3 text-slate-100 underline-offset-4 hover:underline"
                  >
                    <span className="min-w-0 truncate">
                      <bdi>
                        <VisibleText text={m.subject} />
                      </bdi>{' '}
                      <span className="text-slate-400">
                        from{' '}
                        <bdi>
                          <VisibleText text={m.name} />
                        </bdi>
                      </span>
                    </span>
                    <time dateTime={new Date(m.createdAt).toISOString()} className="shrink-0 text-xs text-slate-400">
                      {formatRelative(m.createdAt)}
                    </time>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className={`mt-2 ${muted}`}>Loading…</p>
      )}
      <CardLink href="#inbox">Open the inbox</CardLink>
    </CardSection>
  );
}
