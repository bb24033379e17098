import { useEffect, useState } from 'react';
import type { AccountTexts } from '../../data/account.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { accountApi } from './account-api.ts';
import { problemClass, takeReturn } from './account-styles.ts';

/**
 * The page a sign-in mail's link opens (/account/link#<token>): one button signs this browser
 * in (a POST). Opening the link alone does nothing, as mail scanners open every link; the token
 * rides in the fragment, which browsers never send.
 */
export function LinkLanding({ texts }: { texts: AccountTexts['link'] }) {
  const [token, setToken] = useState<string | null>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    const value = window.location.hash.slice(1);
    setToken(/^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null);
  }, []);

  if (token === null)
    return (
      <div className="mt-8 flex flex-col items-center gap-3">
        <p role="alert" className={problemClass}>
          {texts.missing}
        </p>
        <a href="/account/signin" className="font-medium text-brand-300 underline underline-offset-4">
          {texts.newLink}
        </a>
      </div>
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
            await accountApi.signInWithLink(token);
            // The token has done its work: it leaves the address bar and the history.
            history.replaceState(null, '', window.location.pathname);
            window.location.assign(takeReturn());
          } catch (error) {
            setProblem(messageOf(error));
            setBusy(false);
          }
        }}
      >
        {busy ? texts.busy : texts.button}
      </button>
      {problem && (
        <>
          <p role="alert" className={problemClass}>
            {problem}
          </p>
          <a href="/account/signin" className="font-medium text-brand-300 underline underline-offset-4">
            {texts.newLink}
          </a>
        </>
      )}
    </div>
  );
}
