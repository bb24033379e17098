import { useCallback, useEffect, useId, useState } from 'react';
import type { CustomerMe } from '../../../contracts/accounts.ts';
import type { AccountTexts } from '../../data/account.ts';
import { messageOf } from '../../lib/api-client.ts';
import { fill } from '../../lib/fill-text.ts';
import { CeremonyError, createPasskey } from '../../lib/passkey-ceremony.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { accountApi, type CustomerPasskeyView } from './account-api.ts';
import { cardClass, fieldClass, noteClass, problemClass } from './account-styles.ts';

type Texts = AccountTexts['account'];
const day = (at: number) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The signed-in customer's own page (/account): who they are, their passkeys, signing out. */
export function AccountPage({ texts, ceremony }: { texts: Texts; ceremony: { wrongAddress: string; noPasskeyFound: string } }) {
  const [me, setMe] = useState<CustomerMe | null | undefined>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    accountApi.session().then(
      (session) => setMe(session.customer),
      (error) => setProblem(messageOf(error)),
    );
  }, []);

  if (problem)
    return (
      <p role="alert" className={`mt-8 ${problemClass}`}>
        {problem}
      </p>
    );
  if (me === undefined) return <p className={`mt-8 ${noteClass}`}>{texts.loading}</p>;
  if (me === null)
    return (
      <p className="mt-8 text-slate-200">
        {texts.signedOut}{' '}
        <a href="/account/signin?returnTo=/account" className="font-medium text-brand-300 underline underline-offset-4">
          {texts.signInLink}
        </a>
      </p>
    );
  return (
    <div className="mt-8 flex flex-col gap-6 text-left">
      <section className={cardClass} aria-label={me.name ?? me.email ?? ''}>
        <p className="text-lg font-semibold text-white">{me.name ?? me.email}</p>
        {me.email && (
          <p className={`mt-1 ${noteClass}`}>
            {texts.emailLabel}: {me.email} ({me.emailVerified ? texts.verified : texts.unverified})
          </p>
        )}
        {me.portal && <p className={`mt-1 ${noteClass}`}>{texts.portalJoined}</p>}
      </section>
      <Passkeys texts={texts} ceremony={ceremony} />
      <SignOut texts={texts} />
    </div>
  );
}

function Passkeys({ texts, ceremony }: { texts: Texts; ceremony: { wrongAddress: string; noPasskeyFound: string } }) {
  const id = useId();
  const [list, setList] = useState<CustomerPasskeyView[]>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const load = useCallback(
    () =>
      accountApi.passkeys().then(
        (answer) => setList(answer.passkeys),
        (error) => setProblem(messageOf(error)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className={cardClass} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        {texts.passkeysHeading}
      </h2>
      <p className={`mt-2 ${noteClass}`}>{texts.passkeysLead}</p>
      {list && list.length === 0 && <p className={`mt-3 ${noteClass}`}>{texts.noPasskeys}</p>}
      {list && list.length > 0 && (
        <ul className="mt-3 divide-y divide-white/10">
          {list.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-slate-200">
                {passkey.name}{' '}
                <span className={noteClass}>
                  · {fill(texts.added, { date: day(passkey.createdAt) })},{' '}
                  {passkey.lastUsedAt ? fill(texts.lastUsed, { date: day(passkey.lastUsedAt) }) : texts.neverUsed}
                </span>
              </span>
              <button
                type="button"
                aria-label={fill(texts.removeNamed, { name: passkey.name })}
                className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                onClick={async () => {
                  try {
                    await accountApi.removePasskey(passkey.id);
                    await load();
                  } catch (error) {
                    setProblem(messageOf(error));
                  }
                }}
              >
                {texts.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={async (event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
          setBusy(true);
          setProblem(undefined);
          try {
            const options = await accountApi.addPasskeyOptions();
            const credential = await createPasskey(options, {
              path: '/account',
              wrongAddress: (here, working) => fill(ceremony.wrongAddress, { here, working: working ?? here }),
              noPasskeyFound: ceremony.noPasskeyFound,
            });
            await accountApi.addPasskey(options.challengeId, credential, name || undefined);
            await load();
          } catch (error) {
            setProblem(error instanceof CeremonyError ? error.message : messageOf(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className="flex grow flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-200">
            {texts.passkeyName}
          </label>
          <input id={`${id}-name`} name="name" maxLength={60} autoComplete="off" className={fieldClass} />
        </div>
        <button type="submit" disabled={busy} className={buttonVariants({ variant: 'secondary', size: 'md' })}>
          {busy ? texts.adding : texts.addPasskey}
        </button>
      </form>
      {problem && (
        <p role="alert" className={`mt-3 ${problemClass}`}>
          {problem}
        </p>
      )}
    </section>
  );
}

function SignOut({ texts }: { texts: Texts }) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const run = (call: () => Promise<void>) => async () => {
    try {
      await call();
      window.location.assign('/account/signin');
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <section className={cardClass} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        {texts.sessionsHeading}
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={buttonVariants({ variant: 'secondary', size: 'md' })} onClick={run(accountApi.signOut)}>
          {texts.signOut}
        </button>
        <button
          type="button"
          aria-describedby={`${id}-everywhere`}
          className={buttonVariants({ variant: 'destructive', size: 'md' })}
          onClick={run(accountApi.signOutEverywhere)}
        >
          {texts.signOutEverywhere}
        </button>
      </div>
      <p id={`${id}-everywhere`} className={`mt-2 ${noteClass}`}>
        {texts.signOutEverywhereLead}
      </p>
      {problem && (
        <p role="alert" className={`mt-3 ${problemClass}`}>
          {problem}
        </p>
      )}
    </section>
  );
}
