import type { ContactMessageSummary } from '../../../../contracts/staff-contact.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { ConversationLink } from './ConversationLink.tsx';

/**
 * Contact messages that did not reach the team's channels, each opening its conversation, where
 * the delivery is retried (docs/decisions.md 57). Nothing shows while every delivery is fine.
 */
export function FailedDeliveries({ failed }: { failed: { messages: ContactMessageSummary[]; total: number } | undefined }) {
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
            <ConversationLink id={m.id} what={m.subject} who={m.name} at={m.createdAt} />
          </li>
        ))}
      </ul>
    </section>
  );
}
