import type { ConversationDetail } from '../../../../contracts/support-staff-api.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { formatDateTime } from '../format.ts';
import { VisibleText } from '../VisibleText.tsx';

/**
 * The conversation as the team sees it, oldest first: the visitor's messages, the team's
 * replies, the desk's own lines, and internal notes, marked as never seen by the visitor.
 */
export function ThreadMessages({ conversation: c, visitorTyping }: { conversation: ConversationDetail; visitorTyping: boolean }) {
  const lastReply = c.messages.findLast((m) => m.author === 'staff' && m.kind === 'message');
  return (
    <div>
      <ol aria-label="Messages" className="flex flex-col gap-3">
        {c.messages.map((m) => {
          const note = m.kind === 'note';
          const who = m.author === 'visitor' ? (c.name ?? t.anonymous) : m.author === 'system' ? 'Desk' : (m.authorName ?? 'Team');
          return (
            <li
              key={m.id}
              data-kind={m.kind}
              data-author={m.author}
              className={`rounded-lg px-3 py-2 text-sm ${
                note
                  ? 'border border-dashed border-amber-400/60 bg-amber-500/10 text-amber-50'
                  : m.author === 'visitor'
                    ? 'mr-8 bg-surface-800 text-slate-100'
                    : m.author === 'system'
                      ? 'text-center text-xs text-slate-400'
                      : 'ml-8 bg-brand-600/30 text-white'
              }`}
            >
              <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-300">
                <span className="font-semibold">
                  <bdi>
                    <VisibleText text={who} />
                  </bdi>
                </span>
                {note && <span className="font-semibold text-amber-200 uppercase">{t.note}</span>}
                <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap">
                <VisibleText text={m.text} multiline />
              </p>
              {m.id === lastReply?.id && c.visitorReadUpTo >= m.id && <p className="mt-1 text-right text-xs text-slate-300">{t.seenByVisitor}</p>}
            </li>
          );
        })}
      </ol>
      <p role="status" className="mt-2 min-h-5 text-xs text-slate-300 italic">
        {visitorTyping ? t.typing : ''}
      </p>
    </div>
  );
}
