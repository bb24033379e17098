import type { ConversationSummary } from '../../../../contracts/support-staff-api.ts';
import { conversationStateLabels } from '../../../../contracts/support-rules.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { formatRelative } from '../format.ts';
import { badge, badgeTones } from '../staff-styles.ts';
import { VisibleText } from '../VisibleText.tsx';

const stateTones = { open: badgeTones.warn, waiting: badgeTones.neutral, resolved: badgeTones.good } as const;

/** One line of the inbox: who, when, state, assignee, unread count and the newest text. */
function Item({ conversation: c, open }: { conversation: ConversationSummary; open: boolean }) {
  return (
    <li>
      <a
        href={`#conversations/${c.id}`}
        data-conversation-id={c.id}
        aria-current={open ? 'true' : undefined}
        className={`block min-w-0 rounded-lg px-3 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 ${
          open ? 'bg-brand-600/20 ring-1 ring-brand-400/50 ring-inset' : 'hover:bg-white/5'
        }`}
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className={`truncate ${c.unread > 0 ? 'font-semibold text-white' : 'text-slate-200'}`}>
            <bdi>
              <VisibleText text={c.name ?? c.email ?? t.anonymous} />
            </bdi>
          </span>
          <time dateTime={new Date(c.lastMessageAt).toISOString()} className="shrink-0 text-xs text-slate-400">
            {formatRelative(c.lastMessageAt)}
          </time>
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-1.5">
          <span className={`${badge} ${stateTones[c.state]}`}>{conversationStateLabels[c.state]}</span>
          <span className={`${badge} ${badgeTones.brand}`}>{t.origins[c.origin]}</span>
          {c.unread > 0 && <span className={`${badge} bg-amber-400 font-bold text-surface-950 ring-amber-400`}>{t.unread(c.unread)}</span>}
          <span className="text-xs text-slate-400">
            {t.assignLabel}: {c.assignee?.name ?? t.nobodyAssigned}
          </span>
        </span>
        {c.subject && (
          <span className="mt-1 block truncate text-sm text-slate-200">
            <VisibleText text={c.subject} />
          </span>
        )}
        <span className="mt-0.5 block truncate text-sm text-slate-400">
          <VisibleText text={c.preview} />
        </span>
      </a>
    </li>
  );
}

export function ConversationList({ conversations, openId }: { conversations: ConversationSummary[]; openId: string | undefined }) {
  if (conversations.length === 0) return <p className="px-3 py-6 text-sm text-slate-400">{t.empty}</p>;
  return (
    <ul aria-label={t.listLabel} className="flex flex-col gap-1">
      {conversations.map((c) => (
        <Item key={c.id} conversation={c} open={c.id === openId} />
      ))}
    </ul>
  );
}
