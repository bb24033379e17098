import { lazy, Suspense, useEffect, useState } from 'react';
import type { StaffMe } from '../../../contracts/staff.ts';
import { staffSessionHintCookie } from '../../../contracts/staff-rules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { SignIn } from './SignIn.tsx';
import { staffApi } from './staff-api.ts';
import { loneCardPage } from './staff-styles.ts';

/** Whether the cookie that marks a possible session is set (contracts/staff-rules.ts). */
const hasSessionHint = () => document.cookie.split('; ').some((pair) => pair.startsWith(`${staffSessionHintCookie}=`));

// The console itself loads only for a session: the sign-in's first screen carries none of it.
// With a session hint it is fetched while the server is asked, so a signed-in person waits for neither in turn.
const loadShell = () => import('./ConsoleShell.tsx');
const ConsoleShell = lazy(() =>
  loadShell().then(
    (m) => ({ default: m.ConsoleShell }),
    () => ({
      default: () => (
        <main id="main" className={loneCardPage}>
          <p role="alert" className="text-rose-200">
            The staff console could not be loaded. Check your connection and reload the page.
          </p>
        </main>
      ),
    }),
  ),
);

type State = { kind: 'first' } | { kind: 'loading' } | { kind: 'signed-out'; notice?: string } | { kind: 'signed-in'; me: StaffMe };

/**
 * /staff: asks the server who is signed in (the cookie is httpOnly), then shows the console,
 * or the sign-in with the reason the last session ended; with no session hint it shows the
 * sign-in straight away.
 */
export function StaffConsole() {
  const [state, setState] = useState<State>({ kind: 'first' });

  useEffect(() => {
    // No hint, no session: the sign-in shows at once, without a request that can only say 401.
    if (!hasSessionHint()) {
      setState({ kind: 'signed-out' });
      return;
    }
    setState({ kind: 'loading' });
    void loadShell().catch(() => undefined);
    staffApi.me().then(
      (me) => setState({ kind: 'signed-in', me }),
      (error: unknown) =>
        setState({
          kind: 'signed-out',
          notice: error instanceof ApiError && error.code !== 'unauthenticated' ? error.message : undefined,
        }),
    );
  }, []);

  const loadingLine = <p className="text-slate-300">Loading the staff console…</p>;
  const loading = (
    <main id="main" tabIndex={-1} aria-busy="true" className={loneCardPage}>
      {loadingLine}
    </main>
  );
  const signIn = (me: StaffMe) => setState({ kind: 'signed-in', me });
  // The page's HTML holds the sign-in, so it paints before any script runs; with a session hint
  // the loading line shows in its place until the server answers.
  if (state.kind === 'first') return <SignIn onSignedIn={signIn} whileSession={loadingLine} />;
  if (state.kind === 'loading') return loading;
  if (state.kind === 'signed-out') return <SignIn notice={state.notice} onSignedIn={signIn} />;
  // The first reason wins: requests still in flight when a session ends come back 401 too
  // (without the cookie the first answer cleared, they only say "please sign in").
  const signedOut = (notice?: string) => setState((current) => (current.kind === 'signed-in' ? { kind: 'signed-out', notice } : current));
  return (
    <Suspense fallback={loading}>
      <ConsoleShell me={state.me} onSignedOut={signedOut} />
    </Suspense>
  );
}
