import { Mail } from 'lucide-react';
import type { Ref } from 'react';
import type { InboxMessageDetail } from '../../../contracts/staff-contact.ts';
import type { ContactChannel } from '../../../contracts/staff-contact-rules.ts';
import { mailtoReply } from '../../lib/mailto-reply.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { describeUserAgent, formatDateTime, formatRelative } from './format.ts';
import { attemptText, channelLabels, deliveryState } from './inbox-format.ts';
import { badge, badgeTones, card, muted } from './staff-styles.ts';
import { VisibleText } from './VisibleText.tsx';

interface Props {
  message: InboxMessageDetail;
  headingRef: Ref<HTMLHeadingElement>;
  busy: boolean;
  onClose: () => void;
  onAnswered: (answered: boolean) => void;
  onRetry: (channel: ContactChannel) => void;
}

const sub = 'text-base font-semibold text-white';

/** One message in full: who, when, the text, the reply link, answered or not, its deliveries and every attempt. */
export function InboxMessageView({ message, headingRef, busy, onClose, onAnswered, onRetry }: Props) {
  const now = Date.now();
  const headingId = `message-${message.id}`;
  return (
    <article aria-labelledby={headingId} className={`${card} min-w-0 space-y-5`}>
      <Button variant="ghost" size="sm" onClick={onClose} className="-ml-2">
        <span aria-hidden="true">←</span>
        Back to messages
      </Button>
      <header className="min-w-0">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold [overflow-wrap:anywhere] text-white focus:outline-none">
          <bdi>
            <VisibleText text={message.subject} />
          </bdi>
        </h2>
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-300">
          From{' '}
          <strong className="text-white">
            <bdi>
              <VisibleText text={message.name} />
            </bdi>
          </strong>{' '}
          &lt;{message.email}&gt;, <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
        </p>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <ButtonLink variant="secondary" size="sm" href={mailtoReply(message.email, message.subject)}>
          <Mail aria-hidden="true" className="size-4" />
          Reply by e-mail
        </ButtonLink>
        {message.answeredAt ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAnswered(false)}>
            Mark unanswered
          </Button>
        ) : (
          <Button size="sm" disabled={busy} onClick={() => onAnswered(true)}>
            Mark answered
          </Button>
        )}
        <p className="text-sm text-slate-300">
          {message.answeredAt ? (
            <>
              Answered by {message.answeredBy}, <time dateTime={new Date(message.answeredAt).toISOString()}>{formatRelative(message.answeredAt, now)}</time>
            </>
          ) : (
            'Not answered yet'
          )}
        </p>
      </div>

      <div className="rounded-lg border border-white/10 bg-surface-950 p-4 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-100">
        <VisibleText text={message.message} multiline />
      </div>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-400">Sent from</dt>
        <dd className="[overflow-wrap:anywhere] text-slate-200">
          {message.ip}
          {message.userAgent ? `, ${describeUserAgent(message.userAgent)}` : ''}
        </dd>
        <dt className="text-slate-400">Message id</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-200">{message.id}</dd>
      </dl>

      <section aria-labelledby={`${headingId}-deliveries`}>
        <h3 id={`${headingId}-deliveries`} className={sub}>
          Deliveries
        </h3>
        {message.deliveries.length === 0 && message.missingChannels.length === 0 ? (
          <p className={`mt-2 ${muted}`}>Stored only: no delivery channel is configured on this server.</p>
        ) : (
          <ul className="mt-2 divide-y divide-white/10">
            {message.deliveries.map((d) => {
              const state = deliveryState(d, now);
              return (
                <li key={d.channel} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-white">{channelLabels[d.channel]}</span>
                      <span className={`${badge} ${badgeTones[state.tone]}`}>{state.text}</span>
                    </p>
                    {d.status !== 'delivered' && d.lastError ? (
                      <p className="mt-1 [overflow-wrap:anywhere] text-slate-300">
                        Last error: <VisibleText text={d.lastError} />
                      </p>
                    ) : null}
                    {!d.configured ? <p className="mt-1 text-slate-400">This server no longer delivers to this channel.</p> : null}
                  </div>
                  {d.retryable ? (
                    <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRetry(d.channel)} className="shrink-0 self-start sm:self-auto">
                      Retry delivery<span className="sr-only"> to {channelLabels[d.channel]}</span>
                    </Button>
                  ) : null}
                </li>
              );
            })}
            {message.missingChannels.map((channel) => (
              <li key={channel} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium text-white">{channelLabels[channel]}</span>
                  <span className={`${badge} ${badgeTones.neutral}`}>Not sent: the message came before this channel</span>
                </p>
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRetry(channel)} className="shrink-0 self-start sm:self-auto">
                  Send now<span className="sr-only"> to {channelLabels[channel]}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${headingId}-attempts`}>
        <h3 id={`${headingId}-attempts`} className={sub}>
          Attempts
        </h3>
        {message.attempts.length === 0 ? (
          <p className={`mt-2 ${muted}`}>None yet.</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm">
            {message.attempts.map((a) => (
              <li key={a.id} className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
                <time dateTime={new Date(a.startedAt).toISOString()} className="text-slate-400">
                  {formatDateTime(a.startedAt)}
                </time>
                <span className="min-w-0 [overflow-wrap:anywhere] text-slate-200">
                  {attemptText(a)}
                  {a.error ? (
                    <>
                      {' '}
                      · <VisibleText text={a.error} />
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
