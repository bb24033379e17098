import { useCallback, useEffect, useId, useState } from 'react';
import type { SavedReply } from '../../../../contracts/support-staff-api.ts';
import { conversationViews, supportLimits, type ConversationView as View } from '../../../../contracts/support-rules.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../Notice.tsx';
import type { SectionProps } from '../section-props.ts';
import { input, label, muted } from '../staff-styles.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { conversationsApi } from './conversations-api.ts';
import { DeliveriesPanel } from './DeliveriesPanel.tsx';
import { DeskControls } from './DeskControls.tsx';
import { FailedDeliveries } from './FailedDeliveries.tsx';
import { FiguresPanel } from './FiguresPanel.tsx';
import { SavedRepliesPanel } from './SavedRepliesPanel.tsx';
import { SupportHoursPanel } from './SupportHoursPanel.tsx';
import { setConversationsUnread } from './unread-count.ts';
import { useDeliveries } from './use-deliveries.ts';
import { useDesk } from './use-desk.ts';
import { useDeskKeys } from './use-desk-keys.ts';
import { useDeskAlerts } from './use-desk-alerts.ts';

/**
 * Conversations (docs/decisions.md 45): the one inbox of chats and contact messages, with the
 * person's availability and alerts, search and filters, the open conversation beside its
 * context (for a contact message, its deliveries to the team, retried here: decision 57), the
 * contact messages whose delivery failed, the saved replies and the figures.
 */
export function ConversationsSection({ problem }: SectionProps) {
  const alerts = useDeskAlerts();
  const [available, setAvailableSeen] = useState<boolean>();
  const { alertNew } = alerts;
  const onNew = useCallback((c: Parameters<typeof alertNew>[0]) => alertNew(c, available), [alertNew, available]);
  const desk = useDesk(problem, onNew);
  const { state, notices, filter, setFilter, openConversation } = desk;
  const [savedReplies, setSavedReplies] = useState<SavedReply[]>([]);
  const [search, setSearch] = useState(filter.q);
  const searchId = useId();
  const viewId = useId();

  useEffect(() => setAvailableSeen(state.available), [state.available]);
  useEffect(() => {
    if (state.counts) setConversationsUnread(state.counts.unread);
  }, [state.counts]);

  const keys = useDeskKeys(openConversation, state.open?.id);
  const deliveries = useDeliveries(state.open, notices);

  const { failed } = notices;
  useEffect(() => {
    conversationsApi.savedReplies().then((answer) => setSavedReplies(answer.replies), failed);
  }, [failed]);

  return (
    <div>
      <DeskControls
        available={state.available}
        staffed={state.staffed}
        onAvailable={(on) => void desk.setAvailable(on)}
        sound={alerts.sound}
        onSound={alerts.setSoundOn}
        notify={alerts.notify}
        onNotify={(on) => void alerts.setNotifyOn(on)}
      />
      <div className="mt-4 flex flex-col gap-2">
        <Notice tone="error">{notices.error}</Notice>
        <Notice tone="success">{notices.status}</Notice>
      </div>
      <FailedDeliveries failed={deliveries.failed} />
      <search>
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter({ ...filter, q: search.trim() });
          }}
        >
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor={searchId} className={label}>
              {t.searchLabel}
            </label>
            <input
              id={searchId}
              ref={keys.search}
              type="search"
              value={search}
              maxLength={supportLimits.search}
              onChange={(e) => setSearch(e.target.value)}
              aria-describedby={`${searchId}-hint`}
              className={input}
            />
            <p id={`${searchId}-hint`} className={`${muted} mt-1`}>
              {t.searchHint} <span className="hidden sm:inline">{t.keys}</span>
            </p>
          </div>
          <div>
            <label htmlFor={viewId} className={label}>
              Show
            </label>
            <select id={viewId} value={filter.view} onChange={(e) => setFilter({ ...filter, view: e.target.value as View })} className={`${input} w-auto`}>
              {conversationViews.map((v) => (
                <option key={v} value={v}>
                  {t.views[v]}
                  {v === 'unread' && state.counts ? ` (${state.counts.unread})` : v === 'open' && state.counts ? ` (${state.counts.open})` : ''}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <div className="mt-4 grid gap-4 lg:grid-cols-[20rem_1fr]">
        <div ref={keys.list} className="min-w-0">
          {state.loaded ? <ConversationList conversations={state.conversations} openId={state.open?.id} /> : <p className={muted}>Loading…</p>}
          {state.nextCursor && (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => void desk.loadMore()}>
              {t.more}
            </Button>
          )}
        </div>
        <div className="min-w-0">
          {state.open ? (
            <ConversationView
              conversation={state.open}
              visitorTyping={state.visitorTyping}
              team={state.team}
              savedReplies={savedReplies}
              actions={{ post: desk.post, typing: desk.typing, resolve: desk.resolve, reopen: desk.reopen, assign: desk.assign }}
              headingRef={keys.heading}
              beside={deliveries.detail && <DeliveriesPanel message={deliveries.detail} busy={deliveries.busy} onRetry={(c) => void deliveries.retry(c)} />}
            />
          ) : (
            <p className={muted}>{t.choose}</p>
          )}
        </div>
      </div>
      <SavedRepliesPanel
        replies={savedReplies}
        onAdd={(title, text) =>
          notices.run(async () => {
            const reply = await conversationsApi.addSavedReply(title, text);
            setSavedReplies((list) => [...list, reply]);
          }, 'Saved reply added.')
        }
        onDelete={(reply) =>
          void notices.run(async () => {
            await conversationsApi.deleteSavedReply(reply.id);
            setSavedReplies((list) => list.filter((r) => r.id !== reply.id));
          }, 'Saved reply deleted.')
        }
      />
      <SupportHoursPanel run={notices.run} failed={notices.failed} />
      <FiguresPanel failed={notices.failed} refreshKey={state.counts} />
    </div>
  );
}
