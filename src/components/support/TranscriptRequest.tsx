import { useId, useState } from 'react';
import type { VisitorConversation } from '../../../contracts/support.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { messageOf } from '../../lib/api-client.ts';
import { fill, linkButtonClass, problemClass } from './chat-styles.ts';
import { EmailForm } from './EmailForm.tsx';
import { visitorApi } from './visitor-api.ts';

/**
 * The transcript of a resolved conversation, by e-mail (docs/decisions.md 72): it goes only to
 * the conversation's confirmed address, and the visitor is told which one, or what is missing
 * (an address, or opening the link that confirms it).
 */
export function TranscriptRequest({
  copy,
  conversation: c,
  onChanged,
}: {
  copy: SupportChatCopy;
  conversation: VisitorConversation;
  onChanged: (conversation: VisitorConversation) => void;
}) {
  const [sentTo, setSentTo] = useState<string>();
  const [linkSentTo, setLinkSentTo] = useState<string>();
  const [otherAddress, setOtherAddress] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const introId = useId();

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  // A new address is saved first (the form shows what is wrong with it); the link's own problems
  // (the day's links used up, no mail) are shown beside the address it was for.
  const sendLink = async (email: string) => {
    if (email !== c.email) onChanged(await visitorApi.contact(c.id, email));
    setOtherAddress(false);
    await act(async () => {
      await visitorApi.confirmAddress(c.id);
      setLinkSentTo(email);
    });
  };

  if (sentTo)
    return (
      <p role="status" className="text-sm text-slate-200">
        {fill(copy.transcriptSent, { email: sentTo })}
      </p>
    );
  if (!c.email || otherAddress)
    return <EmailForm intro={copy.transcriptNeedsAddress} label={copy.emailLabel} submit={copy.sendConfirmLink} onSubmit={sendLink} />;

  const email = c.email;
  return (
    <div className="flex flex-col items-start gap-2" data-transcript={c.emailVerified ? 'ready' : 'unconfirmed'}>
      <p id={introId} className="text-sm text-slate-300">
        {fill(c.emailVerified ? copy.transcriptGoesTo : copy.transcriptNeedsConfirm, { email })}
      </p>
      {c.emailVerified ? (
        <button
          type="button"
          disabled={busy}
          aria-describedby={introId}
          className={linkButtonClass}
          onClick={() =>
            act(async () => {
              await visitorApi.transcript(c.id);
              setSentTo(email);
            })
          }
        >
          {copy.transcript}
        </button>
      ) : (
        <>
          <button type="button" disabled={busy} aria-describedby={introId} className={linkButtonClass} onClick={() => sendLink(email)}>
            {copy.sendConfirmLink}
          </button>
          {linkSentTo && (
            <p role="status" className="text-sm text-slate-200">
              {fill(copy.confirmSent, { email: linkSentTo })}
            </p>
          )}
          <button type="button" className={linkButtonClass} onClick={() => setOtherAddress(true)}>
            {copy.otherAddress}
          </button>
        </>
      )}
      {problem && (
        <p role="alert" className={problemClass}>
          {problem}
        </p>
      )}
    </div>
  );
}
