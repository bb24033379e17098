import type { ContactMessageDetail } from '../../../../contracts/staff-contact.ts';
import type { ContactChannel } from '../../../../contracts/staff-contact-rules.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDateTime } from '../format.ts';
import { badge, badgeTones, muted, subTitle } from '../staff-styles.ts';
import { VisibleText } from '../VisibleText.tsx';
import { attemptText, channelLabels, deliveryState } from './delivery-format.ts';

const term = 'text-xs font-semibold tracking-wide text-slate-400 uppercase';

/**
 * Beside a contact conversation: what became of its message's deliveries to the team (chat
 * webhook, e-mail), a retry for one that failed or is stuck, and every attempt.
 */
export function DeliveriesPanel({ message, busy, onRetry }: { message: ContactMessageDetail; busy: boolean; onRetry: (channel: ContactChannel) => void }) {
  const now = Date.now();
  const headingId = `deliveries-${message.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-white/10 bg-surface-900 p-4">
      <h3 id={headingId} className={subTitle}>
        {t.deliveriesHeading}
      </h3>
      <p className={`mt-1 ${muted}`}>{t.deliveriesHint}</p>
      {message.deliveries.length === 0 && message.missingChannels.length === 0 ? (
        <p className={`mt-3 ${muted}`}>{t.storedOnly}</p>
      ) : (
        <ul className="mt-2 divide-y divide-white/10">
          {message.deliveries.map((d) => {
            const state = deliveryState(d, now);
            return (
              <li key={d.channel} className="flex flex-col gap-2 py-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-white">{channelLabels[d.channel]}</span>
                  <span className={`${badge} ${badgeTones[state.tone]}`}>{state.text}</span>
                </p>
                {d.status !== 'delivered' && d.lastError ? (
                  <p className="[overflow-wrap:anywhere] text-slate-300">
                    Last error: <VisibleText text={d.lastError} />
                  </p>
                ) : null}
                {!d.configured ? <p className="text-slate-400">{t.channelGone}</p> : null}
                {d.retryable ? (
                  <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRetry(d.channel)} className="self-start">
                    Retry delivery<span className="sr-only"> to {channelLabels[d.channel]}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
          {message.missingChannels.map((channel) => (
            <li key={channel} className="flex flex-col gap-2 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-white">{channelLabels[channel]}</span>
                <span className={`${badge} ${badgeTones.neutral}`}>{t.cameBefore}</span>
              </p>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRetry(channel)} className="self-start">
                Send now<span className="sr-only"> to {channelLabels[channel]}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-2 text-sm">
        <dt className={term}>{t.sentFrom}</dt>
        <dd className="[overflow-wrap:anywhere] text-slate-100">{message.ip}</dd>
      </dl>
      {message.attempts.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-200">{t.attempts(message.attempts.length)}</summary>
          <ol aria-label={t.attemptsLabel} className="mt-2 space-y-2">
            {message.attempts.map((a) => (
              <li key={a.id} className="min-w-0 [overflow-wrap:anywhere] text-slate-200">
                <time dateTime={new Date(a.startedAt).toISOString()} className="block text-xs text-slate-400">
                  {formatDateTime(a.startedAt)}
                </time>
                {attemptText(a)}
                {a.error ? (
                  <>
                    {' '}
                    · <VisibleText text={a.error} />
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
