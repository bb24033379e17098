import { useEffect, useId, useState } from 'react';
import type { AccountSession } from '../../../contracts/accounts.ts';
import type { AccountTexts } from '../../data/account.ts';
import { messageOf } from '../../lib/api-client.ts';
import { fill } from '../../lib/fill-text.ts';
import { askPasskey, CeremonyError } from '../../lib/passkey-ceremony.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { accountApi } from './account-api.ts';
import { cardClass, fieldClass, noteClass, problemClass, rememberReturn, returnPath } from './account-styles.ts';

type Texts = AccountTexts['signIn'];

/**
 * The sign-in page (/account/signin): the ways this site offers, read from the server (the
 * billing portal when CUSTOMER_OIDC_* are set, an e-mail link when SMTP_URL is, passkeys), and
 * the portal's refusal when its callback sent the browser back here (?error=).
 */
export function SignInPage({ texts, portalLogin }: { texts: Texts; portalLogin: string }) {
  const [session, setSession] = useState<AccountSession | 'loading' | 'failed'>('loading');
  const [portalError, setPortalError] = useState<string>();
  const [back, setBack] = useState('/control-panel');

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('error');
    if (code) setPortalError(texts.portalErrors[code] ?? texts.portalErrors.oidc_token);
    setBack(returnPath(params.get('returnTo')));
    accountApi.session().then(setSession, () => setSession('failed'));
  }, [texts]);

  if (session === 'loading') return <p className={`mt-8 ${noteClass}`}>{texts.loading}</p>;
  if (session === 'failed') return <p className={`mt-8 ${problemClass}`}>{texts.portalErrors.oidc_unavailable}</p>;
  if (session.customer) {
    return (
      <div className="mt-8 flex flex-col items-center gap-4">
        <p className="text-slate-200">{fill(texts.alreadySignedIn, { name: session.customer.name ?? session.customer.email ?? '' })}</p>
        <a href={back} className={buttonVariants({ size: 'lg' })}>
          {texts.goToPanel}
        </a>
      </div>
    );
  }
  const { portal, emailLink, passkeys } = session.signIn;
  return (
    <div className="mt-8 flex flex-col gap-6 text-left">
      {portalError && (
        <p role="alert" className={`${cardClass} ${problemClass}`}>
          {portalError}
        </p>
      )}
      {portal && (
        <section className={`${cardClass} flex flex-col items-center gap-3 text-center`}>
          <a href={`${portal.signInUrl}?returnTo=${encodeURIComponent(back)}`} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            {fill(texts.portalButton, { name: portal.name })}
          </a>
          {portal.registerUrl && (
            <p className={noteClass}>
              {texts.registerPrompt}{' '}
              <a href={portal.registerUrl} className="font-medium text-brand-300 underline underline-offset-4">
                {fill(texts.registerLink, { name: portal.name })}
              </a>
            </p>
          )}
        </section>
      )}
      {emailLink && <EmailLinkForm texts={texts} back={back} />}
      {passkeys && <PasskeySignIn texts={texts} back={back} />}
      {!portal && !emailLink && !passkeys && (
        <p className={noteClass}>
          {texts.noWays}{' '}
          <a href={portalLogin} className="font-medium text-brand-300 underline underline-offset-4">
            {texts.portalLogin}
          </a>
        </p>
      )}
    </div>
  );
}

function EmailLinkForm({ texts, back }: { texts: Texts; back: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<string>();
  return (
    <section className={cardClass} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        {texts.emailHeading}
      </h2>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const email = String(new FormData(event.currentTarget).get('email') ?? '');
          setBusy(true);
          setProblem(undefined);
          setSent(undefined);
          try {
            setSent((await accountApi.requestLink(email)).message);
            // The mail's link opens another tab: it goes on to the page asked for (an invitation's server).
            rememberReturn(back);
          } catch (error) {
            setProblem(messageOf(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-200">
          {texts.emailLabel}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          className={fieldClass}
        />
        <p id={`${id}-hint`} className={noteClass}>
          {texts.emailHint}
        </p>
        <button type="submit" disabled={busy} className={buttonVariants({ variant: 'secondary', size: 'md' })}>
          {busy ? texts.emailSending : texts.emailButton}
        </button>
        <p role="status" className="text-sm text-green-300">
          {sent}
        </p>
        {problem && (
          <p role="alert" className={problemClass}>
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}

function PasskeySignIn({ texts, back }: { texts: Texts; back: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  return (
    <section className={cardClass} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        {texts.passkeyHeading}
      </h2>
      <p className={`mt-2 ${noteClass}`}>{texts.passkeyLead}</p>
      <button
        type="button"
        disabled={busy}
        className={buttonVariants({ variant: 'secondary', size: 'md', className: 'mt-4' })}
        onClick={async () => {
          setBusy(true);
          setProblem(undefined);
          try {
            const options = await accountApi.passkeySignInOptions();
            const credential = await askPasskey(options, {
              path: '/account/signin',
              wrongAddress: (here, working) => fill(texts.wrongAddress, { here, working: working ?? here }),
              noPasskeyFound: texts.noPasskeyFound,
            });
            await accountApi.signInWithPasskey(options.challengeId, credential);
            window.location.assign(back);
          } catch (error) {
            setProblem(error instanceof CeremonyError ? error.message : messageOf(error));
            setBusy(false);
          }
        }}
      >
        {busy ? texts.passkeyBusy : texts.passkeyButton}
      </button>
      {problem && (
        <p role="alert" className={`mt-3 ${problemClass}`}>
          {problem}
        </p>
      )}
    </section>
  );
}
