import type { VisitorConversation } from '../../../contracts/support.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { fill } from './chat-styles.ts';

/**
 * The conversation's messages as the visitor sees them, oldest first, each introduced by its
 * author for screen readers; the team's typing state; and under the visitor's last message
 * whether the team has seen it. Text is rendered as text (React escapes it), line breaks kept.
 */
export function ChatMessages({ conversation, typing, copy }: { conversation: VisitorConversation; typing: string | undefined; copy: SupportChatCopy }) {
  const lastOwn = conversation.messages.findLast((m) => m.author === 'visitor');
  return (
    <div className="flex flex-col gap-2">
      <ol className="flex flex-col gap-3" aria-label="Messages">
        {conversation.messages.map((m) => {
          const own = m.author === 'visitor';
          const who = own ? copy.you : m.author === 'staff' ? (m.authorName ?? copy.team) : copy.system;
          return (
            <li key={m.id} data-author={m.author} className={own ? 'ml-10 self-end' : m.author === 'system' ? 'mx-4 text-center' : 'mr-6'}>
              <div
                className={
                  m.author === 'system'
                    ? 'text-xs text-slate-400'
                    : `rounded-2xl px-3.5 py-2.5 text-sm ${own ? 'rounded-tr-sm bg-brand-600 text-white' : 'rounded-tl-sm bg-surface-800 text-slate-200'}`
                }
              >
                <span className={own || m.author === 'system' ? 'sr-only' : 'mb-0.5 block text-xs font-semibold text-brand-200'}>{who}: </span>
                <p className="break-words whitespace-pre-wrap">{m.text}</p>
              </div>
              {m.id === lastOwn?.id && (
                <p data-read-state className="mt-1 text-right text-xs text-slate-400">
                  {conversation.staffReadUpTo >= m.id ? copy.seen : copy.sent}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <p role="status" className="min-h-5 text-xs text-slate-300 italic">
        {typing ? fill(copy.typing, { name: typing }) : ''}
      </p>
    </div>
  );
}
