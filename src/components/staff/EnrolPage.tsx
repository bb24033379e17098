import { Fingerprint } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { EnrolmentStatus } from '../../../contracts/staff.ts';
import { displayNameMaxLength, displayNameProblem, enrolmentTokenFromHash, passkeyNameMaxLength, roleLabels } from '../../../contracts/staff-rules.ts';
import { staffConsoleTexts } from '../../data/staff-console.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { formatDateTime } from './format.ts';
import { Notice } from './Notice.tsx';
import { ProblemText } from './ProblemText.tsx';
import { createPasskey } from './passkey-ceremony.ts';
import { staffApi } from './staff-api.ts';
import { card, fieldError, input, label, loneCardPage, muted } from './staff-styles.ts';

const texts = staffConsoleTexts.enrol;

type State = { kind: 'checking' } | { kind: 'refused'; message: string } | { kind: 'ready'; token: string; status: EnrolmentStatus } | { kind: 'done' };

/** A name for the first passkey from the device it is made on. */
function deviceName(): string {
  const ua = navigator.userAgent;
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android phone';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows computer';
  return 'This device';
}

/**
 * /staff/enrol#<token>: the link from `npm run staff -- add` or an admin. The token is read
 * from the fragment (which no server ever receives) and removed from the address bar at once.
 */
export function EnrolPage() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [displayName, setDisplayName] = useState('');
  const [passkeyName, setPasskeyName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const passkeyId = useId();

  useEffect(() => {
    const token = enrolmentTokenFromHash(location.hash);
    history.replaceState(null, '', location.pathname);
    setPasskeyName(deviceName());
    if (!token) {
      setState({
        kind: 'refused',
        message: 'This page needs the whole enrolment link, including the part after #. Open the link you were sent again, or ask an admin for a new one.',
      });
      return;
    }
    staffApi.enrolmentStatus(token).then(
      (status) => setState({ kind: 'ready', token, status }),
      (e: unknown) => setState({ kind: 'refused', message: e instanceof Error ? e.message : String(e) }),
    );
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (state.kind !== 'ready') return;
    const problem = displayNameProblem(displayName);
    setNameError(problem);
    if (problem) {
      document.getElementById(nameId)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { challengeId, ...options } = await staffApi.enrolmentOptions(state.token, displayName);
      const credential = await createPasskey(options, `/staff/enrol#${state.token}`);
      await staffApi.enrol({ token: state.token, displayName, challengeId, credential, passkeyName: passkeyName.trim() || undefined });
      setState({ kind: 'done' });
      location.assign('/staff');
    } catch (e) {
      if (e instanceof ApiError && e.fields.displayName) setNameError(e.fields.displayName);
      setError(e);
      if (e instanceof ApiError && (e.code.startsWith('enrolment_') || e.code === 'account_disabled')) setState({ kind: 'refused', message: e.message });
      setBusy(false);
    }
  };

  return (
    <main id="main" tabIndex={-1} className={loneCardPage}>
      <div className={`${card} w-full max-w-md`} aria-busy={state.kind === 'checking'}>
        <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">{staffConsoleTexts.brand}</p>
        <h1 className="mt-2 text-2xl font-bold text-white">{texts.title}</h1>
        {/* The lead is in the built page, so the card's text paints before any script runs. */}
        {state.kind === 'checking' || state.kind === 'ready' ? <p className="mt-3 text-slate-300">{texts.lead}</p> : null}
        {state.kind === 'checking' ? <p className="mt-3 text-sm text-slate-300">Checking your enrolment link…</p> : null}
        {state.kind === 'refused' ? (
          <>
            <div className="mt-4">
              <Notice tone="error">{state.message}</Notice>
            </div>
            <ButtonLink href="/staff" variant="secondary" className="mt-6">
              Go to staff sign-in
            </ButtonLink>
          </>
        ) : null}
        {state.kind === 'done' ? (
          <div className="mt-4">
            <Notice tone="success">Your passkey is ready. Opening the staff console…</Notice>
          </div>
        ) : null}
        {state.kind === 'ready' ? (
          <form className="mt-3 space-y-5" onSubmit={submit} noValidate>
            <p className="text-sm text-slate-300">
              For <strong className="text-white">{state.status.email}</strong> ({roleLabels[state.status.role]}). This link works once, until{' '}
              {formatDateTime(state.status.expiresAt)}.
            </p>
            <div>
              <label htmlFor={nameId} className={label}>
                Your name
              </label>
              <input
                id={nameId}
                className={input}
                value={displayName}
                onChange={(e) => setDisplayName(e.target.value)}
                autoComplete="name"
                maxLength={displayNameMaxLength}
                required
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${nameId}-error` : `${nameId}-hint`}
              />
              {nameError ? (
                <p id={`${nameId}-error`} className={fieldError}>
                  {nameError}
                </p>
              ) : (
                <p id={`${nameId}-hint`} className={`mt-1 ${muted}`}>
                  As your colleagues know you; it shows in the audit log.
                </p>
              )}
            </div>
            <div>
              <label htmlFor={passkeyId} className={label}>
                Name of this passkey
              </label>
              <input
                id={passkeyId}
                className={input}
                value={passkeyName}
                onChange={(e) => setPasskeyName(e.target.value)}
                maxLength={passkeyNameMaxLength}
                aria-describedby={`${passkeyId}-hint`}
              />
              <p id={`${passkeyId}-hint`} className={`mt-1 ${muted}`}>
                So you can tell your passkeys apart later (optional).
              </p>
            </div>
            <Notice tone="error">{error === undefined ? null : <ProblemText error={error} />}</Notice>
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              <Fingerprint aria-hidden="true" className="size-5" />
              {busy ? 'Waiting for your device…' : texts.button}
            </Button>
          </form>
        ) : null}
      </div>
    </main>
  );
}
