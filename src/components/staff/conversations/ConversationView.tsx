import { type ReactNode, type Ref, useId } from 'react';
import type { ConversationDetail, SavedReply, TeamMember } from '../../../../contracts/support-staff-api.ts';
import { conversationStateLabels, type MessageKind } from '../../../../contracts/support-rules.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { Button } from '../../ui/Button.tsx';
import { input, label, muted, subTitle } from '../staff-styles.ts';
import { VisibleText } from '../VisibleText.tsx';
import { ContextPanel } from './ContextPanel.tsx';
import { StaffComposer } from './StaffComposer.tsx';
import { ThreadMessages } from './ThreadMessages.tsx';

export interface ConversationActions {
  post: (text: string, kind: MessageKind) => Promise<void>;
  typing: (typing: boolean) => void;
  resolve: () => void;
  reopen: () => void;
  assign: (staffId: string | null) => void;
}

/**
 * One conversation: who and what, its state and assignee with their actions, the thread, the
 * composer, the context and, below it, `beside` (a contact message's deliveries).
 */
export function ConversationView({
  conversation: c,
  visitorTyping,
  team,
  savedReplies,
  actions,
  headingRef,
  beside,
}: {
  conversation: ConversationDetail;
  visitorTyping: boolean;
  team: TeamMember[];
  savedReplies: SavedReply[];
  actions: ConversationActions;
  headingRef: Ref<HTMLHeadingElement>;
  beside: ReactNode;
}) {
  const assignId = useId();
  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_16rem]">
      <section aria-labelledby={`${assignId}-title`} className="min-w-0">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`${assignId}-title`} ref={headingRef} tabIndex={-1} className={`${subTitle} break-words focus:outline-none`}>
              <bdi>
                <VisibleText text={c.subject ?? c.name ?? c.email ?? t.anonymous} />
              </bdi>
            </h2>
            <p className={`${muted} break-all`}>
              {t.origins[c.origin]} · {conversationStateLabels[c.state]}
              {c.email ? (
                <>
                  {' · '}
                  <VisibleText text={c.email} />
                </>
              ) : null}
              {c.rating !== null ? ` · rated ${c.rating}/5` : ''}
            </p>
            {c.ratingComment && (
              <p className="mt-1 text-sm text-slate-200">
                “<VisibleText text={c.ratingComment} />”
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={assignId} className={label}>
                {t.assignLabel}
              </label>
              <select id={assignId} value={c.assignee?.staffId ?? ''} onChange={(e) => actions.assign(e.target.value || null)} className={`${input} w-auto`}>
                <option value="">{t.nobodyAssigned}</option>
                {team.map((m) => (
                  <option key={m.staffId} value={m.staffId}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
            {c.state === 'resolved' ? (
              <Button variant="secondary" onClick={actions.reopen}>
                {t.reopen}
              </Button>
            ) : (
              <Button variant="success" onClick={actions.resolve}>
                {t.resolve}
              </Button>
            )}
          </div>
        </div>
        <div className="mt-4">
          <ThreadMessages conversation={c} visitorTyping={visitorTyping} />
        </div>
        <StaffComposer key={c.id} savedReplies={savedReplies} onPost={actions.post} onTyping={actions.typing} />
      </section>
      <div className="min-w-0 space-y-4">
        <ContextPanel context={c.context} />
        {beside}
      </div>
    </div>
  );
}
