// A contact message's deliveries to the team (chat webhook, e-mail) beside its conversation, the
// messages whose delivery failed, and a retry (docs/decisions.md 57). What was done and what
// failed go to the desk's notices (use-notices.ts).
import { useCallback, useEffect, useState } from 'react';
import type { ConversationOrigin } from '../../../../contracts/support-rules.ts';
import type { ContactMessageSummary, ContactMessageDetail } from '../../../../contracts/staff-contact.ts';
import type { ContactChannel } from '../../../../contracts/staff-contact-rules.ts';
import type { Notices } from '../use-notices.ts';
import { deliveriesApi } from './deliveries-api.ts';
import { channelLabels } from './delivery-format.ts';

/** While a retried delivery is under way, its message is read again this often, for at most a minute. */
const followEveryMs = 2_000;
const followAtMostMs = 60_000;
/** How many failed messages the desk lists. */
const failedShown = 10;

export interface Deliveries {
  /** The open contact conversation's message with its deliveries and attempts; undefined for a chat or while it loads. */
  detail: ContactMessageDetail | undefined;
  /** Contact messages with a delivery that failed for good, newest first, and how many in all. */
  failed: { messages: ContactMessageSummary[]; total: number } | undefined;
  busy: boolean;
  retry: (channel: ContactChannel) => Promise<void>;
}

export function useDeliveries(open: { id: string; origin: ConversationOrigin } | undefined, notices: Pick<Notices, 'run' | 'failed'>): Deliveries {
  const [detail, setDetail] = useState<ContactMessageDetail>();
  const [failed, setFailed] = useState<Deliveries['failed']>();
  const [busy, setBusy] = useState(false);
  const [followSince, setFollowSince] = useState(0);
  const { failed: fail } = notices;
  const contactId = open?.origin === 'contact' ? open.id : undefined;

  const readFailed = useCallback(
    () =>
      deliveriesApi.failed(failedShown).then(
        (page) => setFailed({ messages: page.messages, total: page.total }),
        () => undefined, // the list is a help; the desk's own reads say when the server is away
      ),
    [],
  );
  useEffect(() => void readFailed(), [readFailed]);

  useEffect(() => {
    setDetail(undefined);
    if (!contactId) return;
    let current = true;
    deliveriesApi.message(contactId).then((next) => current && setDetail(next), fail);
    return () => {
      current = false;
    };
  }, [contactId, fail]);

  // After a retry the message is read again until its deliveries are settled; then the failed list too.
  useEffect(() => {
    if (!detail || Date.now() - followSince > followAtMostMs) return;
    if (!detail.deliveries.some((d) => d.status === 'pending')) {
      if (followSince) void readFailed();
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      deliveriesApi.message(detail.id).then((next) => current && setDetail(next), fail);
    }, followEveryMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [detail, followSince, fail, readFailed]);

  const retry = async (channel: ContactChannel) => {
    if (!detail) return;
    const id = detail.id;
    setBusy(true);
    const done = await notices.run(async () => {
      const answer = await deliveriesApi.retry(id, channel);
      setFollowSince(Date.now());
      setDetail(answer.message);
    }, `Queued again for the ${channelLabels[channel].toLowerCase()}; it is being sent now.`);
    // Refused (someone else retried it, or it was delivered meanwhile): show it as it is now.
    if (!done) await deliveriesApi.message(id).then(setDetail, () => undefined);
    setBusy(false);
  };

  return { detail: detail && detail.id === contactId ? detail : undefined, failed, busy, retry };
}
