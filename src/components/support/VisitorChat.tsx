import { Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { fill, linkButtonClass, problemClass } from './chat-styles.ts';
import { EmailForm } from './EmailForm.tsx';
import { RatingForm } from './RatingForm.tsx';
import { OtherConversations } from './OtherConversations.tsx';
import { StartForm } from './StartForm.tsx';
import { TranscriptRequest } from './TranscriptRequest.tsx';
import { useVisitorChat } from './use-visitor-chat.ts';
import { visitorApi } from './visitor-api.ts';

export interface VisitorChatProps {
  copy: SupportChatCopy;
  /** The page the conversation starts on. */
  page: string;
  /** What the visitor asked the help assistant before asking for a person. */
  assistantQuestion?: string;
  /** A conversation to open (from an e-mail's link); else the one this browser has open. */
  conversationId?: string;
}

/**
 * The visitor's conversation with the team (docs/decisions.md 45): the first message (with an
 * e-mail address when nobody is available), then messages both ways live, the team's typing and
 * "Seen", an address to answer at while nobody is available, and after resolution the rating and
 * the transcript by e-mail to the confirmed address (TranscriptRequest.tsx). Loaded only when opened (the help assistant imports it lazily).
 */
export default function VisitorChat({ copy, page, assistantQuestion, conversationId }: VisitorChatProps) {
  const { state, load, start, send, replace, startOver, open } = useVisitorChat({ conversationId, page, assistantQuestion });
  const staffed = state.status?.staffed ?? false;

  if (state.phase === 'loading')
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-300">
        <Loader2 aria-hidden="true" className="size-5 animate-spin text-brand-400 motion-reduce:animate-none" />
        {copy.loading}
      </p>
    );
  if (state.phase === 'failed')
    return (
      <div className="flex flex-col items-start gap-2 py-6">
        <p role="alert" className={problemClass}>
          {copy.loadFailed} {state.problem}
        </p>
        <button type="button" className={linkButtonClass} onClick={() => void load()}>
          {copy.retry}
        </button>
      </div>
    );
  const others = <OtherConversations copy={copy} conversations={state.conversations} currentId={state.conversation?.id} onOpen={(id) => void open(id)} />;
  if (state.phase === 'new' || !state.conversation)
    return (
      <div className="flex flex-col gap-3">
        {others}
        <StartForm copy={copy} staffed={staffed} onStart={start} />
      </div>
    );

  const c = state.conversation;

  return (
    <section aria-label={copy.heading} className="flex flex-col gap-3">
      {others}
      <ChatMessages conversation={c} typing={state.typing} copy={copy} />
      {state.problem && (
        <p role="alert" className={problemClass}>
          {state.problem}
        </p>
      )}
      {!staffed && c.state !== 'resolved' && !c.email && (
        <EmailForm
          intro={copy.nobodyAvailable}
          label={copy.emailLabel}
          submit={copy.saveEmail}
          onSubmit={async (email) => replace(await visitorApi.contact(c.id, email))}
        />
      )}
      {c.email && !staffed && c.state !== 'resolved' && <p className="text-xs text-slate-300">{fill(copy.willMail, { email: c.email })}</p>}
      {c.state !== 'resolved' && <p className="text-xs text-slate-300">{copy.transcriptWhenResolved}</p>}
      {c.state === 'resolved' && (
        <InView>
          <p className="text-sm text-slate-300">{copy.resolved}</p>
          {c.canRate ? (
            <RatingForm copy={copy} onRate={async (rating, comment) => replace(await visitorApi.rate(c.id, rating, comment))} />
          ) : c.rating !== null ? (
            <p role="status" className="text-sm text-slate-200">
              {copy.ratingThanks}
            </p>
          ) : null}
          <TranscriptRequest key={c.id} copy={copy} conversation={c} onChanged={replace} />
          <button type="button" className={`${linkButtonClass} self-start`} onClick={startOver}>
            {copy.newConversation}
          </button>
        </InView>
      )}
      <ChatComposer copy={copy} onSend={send} onTyping={(typing) => void visitorApi.typing(c.id, typing).catch(() => undefined)} />
    </section>
  );
}

/**
 * What follows a resolution ("Was this solved?", the transcript), brought into view of the chat's
 * scrolling pane when it appears: else the visitor sees only "… marked this conversation resolved".
 */
function InView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, []);
  return (
    <div ref={ref} className="flex flex-col gap-3">
      {children}
    </div>
  );
}
