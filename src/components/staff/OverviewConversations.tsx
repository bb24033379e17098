import type { InboxCounts } from '../../../contracts/staff-contact.ts';
import type { ConversationPage } from '../../../contracts/support-staff-api.ts';
import { CardLink, CardSection } from './CardSection.tsx';
import { ConversationLink } from './conversations/ConversationLink.tsx';
import { conversationsApi } from './conversations/conversations-api.ts';
import { deliveriesApi } from './conversations/deliveries-api.ts';
import { setConversationsUnread } from './conversations/unread-count.ts';
import { muted } from './staff-styles.ts';
import { useLoad } from './use-load.ts';

const newest = 5;

/**
 * Open conversations on the Overview (chats and contact messages): how many, how many unread,
 * the newest few, each opening in Conversations, and contact messages that did not reach the
 * team's channels.
 */
export function OverviewConversations({ onError }: { onError: (error: unknown) => void }) {
  const desk = useLoad(async (): Promise<[ConversationPage, InboxCounts]> => {
    const answers = await Promise.all([conversationsApi.list({ view: 'open', limit: newest }), deliveriesApi.counts()]);
    setConversationsUnread(answers[0].counts.unread);
    return answers;
  }, onError);
  const [page, deliveries] = desk.data ?? [];
  return (
    <CardSection id="overview-conversations" title="Open conversations">
      {page && deliveries ? (
        <>
          <p className="mt-2 text-sm text-slate-300">
            {page.counts.open === 0
              ? 'No conversation waits for the team.'
              : `${page.counts.open} ${page.counts.open === 1 ? 'conversation waits' : 'conversations wait'} for the team, ${page.counts.unread} with unread messages.`}
          </p>
          {deliveries.failed > 0 ? (
            <p className="mt-2 text-sm text-rose-200">
              {deliveries.failed} contact {deliveries.failed === 1 ? 'message' : 'messages'} did not reach the team's channels.
            </p>
          ) : null}
          {page.conversations.length > 0 ? (
            <ul className="mt-2 divide-y divide-white/10">
              {page.conversations.map((c) => (
                <li key={c.id} className="py-2 text-sm">
                  <ConversationLink id={c.id} what={c.subject ?? c.preview} who={c.name ?? c.email ?? 'a visitor'} at={c.lastMessageAt} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className={`mt-2 ${muted}`}>Loading…</p>
      )}
      <CardLink href="#conversations">Open the conversations</CardLink>
    </CardSection>
  );
}
