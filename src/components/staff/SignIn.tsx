import { Fingerprint } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { StaffMe } from '../../../contracts/staff.ts';
import { staffConsoleTexts } from '../../data/staff-console.ts';
import { Button } from '../ui/Button.tsx';
import { Notice } from './Notice.tsx';
import { ProblemText } from './ProblemText.tsx';
import { askPasskey } from './passkey-ceremony.ts';
import { staffApi } from './staff-api.ts';
import { card, loneCardPage, muted } from './staff-styles.ts';

const texts = staffConsoleTexts.signIn;

/**
 * "Sign in with a passkey": the passkey says who the person is, so nothing is typed.
 * `whileSession` is what the page built into its HTML shows instead of the card when the layout's
 * head script found a session hint (contracts/staff-rules.ts): that person sees no sign-in flash.
 */
export function SignIn({ notice, onSignedIn, whileSession }: { notice?: string; onSignedIn: (me: StaffMe) => void; whileSession?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { challengeId, ...options } = await staffApi.signInOptions();
      const credential = await askPasskey(options);
      onSignedIn(await staffApi.signIn(challengeId, credential));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <main id="main" tabIndex={-1} className={loneCardPage}>
      {whileSession ? <div className="hidden [html[data-staff-session]_&]:block">{whileSession}</div> : null}
      <div className={`${card} w-full max-w-md ${whileSession ? '[html[data-staff-session]_&]:hidden' : ''}`}>
        <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">{staffConsoleTexts.brand}</p>
        <h1 className="mt-2 text-2xl font-bold text-white">{texts.title}</h1>
        <p className="mt-3 text-slate-300">{texts.lead}</p>
        <div className="mt-4 space-y-3">
          {notice && error === undefined ? <Notice tone="info">{notice}</Notice> : null}
          <Notice tone="error">{error === undefined ? null : <ProblemText error={error} />}</Notice>
        </div>
        <Button size="lg" className="mt-4 w-full" onClick={signIn} disabled={busy} aria-describedby="signin-help">
          <Fingerprint aria-hidden="true" className="size-5" />
          {busy ? 'Waiting for your passkey…' : texts.button}
        </Button>
        <p id="signin-help" className={`mt-4 ${muted}`}>
          {texts.help}
        </p>
        <noscript>
          <p className="mt-4 text-slate-200">The staff console needs JavaScript: passkeys work through the browser's script interface.</p>
        </noscript>
      </div>
    </main>
  );
}
