import { useEffect, useState } from 'react';
import { continueTokenFromHash } from '../../../contracts/support-rules.ts';
import type { ContinueAnswer } from '../../../contracts/support-visitor-api.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { messageOf } from '../../lib/api-client.ts';
import { rememberConversation } from '../../lib/support-memory.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { problemClass } from './chat-styles.ts';
import { visitorApi } from './visitor-api.ts';
import VisitorChat from './VisitorChat.tsx';

/**
 * The page an e-mail's link opens (/support/continue#<token>): one button adds the conversation
 * to this browser's own (docs/decisions.md 73; the browser keeps its identity) and shows it,
 * where the visitor answers; a link mailed to the conversation's address confirms it. Opening the link alone does nothing, as mail scanners open every link; the token
 * rides in the fragment, which browsers never send.
 */
export function ContinuePage({ copy }: { copy: SupportChatCopy }) {
  const [token, setToken] = useState<string | null>();
  const [opened, setOpened] = useState<ContinueAnswer>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => setToken(continueTokenFromHash(window.location.hash) ?? null), []);

  if (opened)
    return (
      <div className="mt-8 rounded-2xl border border-white/10 bg-surface-900 p-4 text-left">
        {opened.addressConfirmed && (
          <p role="status" className="mb-3 text-sm text-slate-200">
            {copy.continuePage.confirmed}
          </p>
        )}
        <VisitorChat copy={copy} page="/support/continue" conversationId={opened.conversationId} />
      </div>
    );
  if (token === null)
    return (
      <p role="alert" className={`mt-8 ${problemClass}`}>
        {copy.continuePage.missing}
      </p>
    );
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <button
        type="button"
        disabled={!token || busy}
        className={buttonVariants({ size: 'lg' })}
        onClick={async () => {
          if (!token) return;
          setBusy(true);
          setProblem(undefined);
          try {
            const answer = await visitorApi.continueWith(token);
            rememberConversation(answer.conversationId);
            // The token has done its work: it leaves the address bar and the history.
            history.replaceState(null, '', window.location.pathname);
            setOpened(answer);
          } catch (error) {
            setProblem(messageOf(error));
            setBusy(false);
          }
        }}
      >
        {busy ? copy.continuePage.busy : copy.continuePage.button}
      </button>
      {problem && (
        <p role="alert" className={problemClass}>
          {problem}
        </p>
      )}
    </div>
  );
}
