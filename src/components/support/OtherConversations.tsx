import type { VisitorConversationSummary } from '../../../contracts/support.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { fill, linkButtonClass } from './chat-styles.ts';

/**
 * This browser's other conversations, to switch to: its own, and one a continue link added beside
 * them (docs/decisions.md 73), so opening a link never hides what the browser had. Closed by
 * default (a disclosure), shown only when there is another.
 */
export function OtherConversations({
  copy,
  conversations,
  currentId,
  onOpen,
}: {
  copy: SupportChatCopy;
  conversations: readonly VisitorConversationSummary[];
  currentId: string | undefined;
  onOpen: (id: string) => void;
}) {
  const others = conversations.filter((c) => c.id !== currentId);
  if (others.length === 0) return null;
  return (
    <details className="rounded-xl border border-white/10 bg-surface-800/50 px-3 py-2 text-sm text-slate-200">
      <summary className="cursor-pointer font-medium">{fill(copy.otherConversations, { count: String(others.length) })}</summary>
      <ul aria-label={copy.otherConversationsList} className="mt-2 flex flex-col gap-1.5">
        {others.map((c) => (
          <li key={c.id}>
            <button type="button" className={`${linkButtonClass} text-left`} onClick={() => onOpen(c.id)}>
              {c.subject ?? c.preview}
            </button>
            <span className="ml-1 text-xs text-slate-400">
              ({copy.conversationStates[c.state]}
              {c.unread > 0 ? `, ${fill(copy.unread, { count: String(c.unread) })}` : ''})
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
