import { useEffect, useState } from 'react';
import type { StaffMe } from '../../../contracts/staff.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ConsoleShell } from './ConsoleShell.tsx';
import { SignIn } from './SignIn.tsx';
import { staffApi } from './staff-api.ts';

type State = { kind: 'loading' } | { kind: 'signed-out'; notice?: string } | { kind: 'signed-in'; me: StaffMe };

/**
 * /staff: asks the server who is signed in (the cookie is httpOnly), then shows the console,
 * or the sign-in with the reason the last session ended.
 */
export function StaffConsole() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    staffApi.me().then(
      (me) => setState({ kind: 'signed-in', me }),
      (error: unknown) =>
        setState({
          kind: 'signed-out',
          notice: error instanceof ApiError && error.code !== 'unauthenticated' ? error.message : undefined,
        }),
    );
  }, []);

  if (state.kind === 'loading') {
    return (
      <main id="main" tabIndex={-1} aria-busy="true" className="flex min-h-screen items-center justify-center px-4 focus:outline-none">
        <p className="js-only text-slate-300">Loading the staff console…</p>
        <noscript>
          <p className="text-slate-200">The staff console needs JavaScript: passkeys work through the browser's script interface.</p>
        </noscript>
      </main>
    );
  }
  if (state.kind === 'signed-out') return <SignIn notice={state.notice} onSignedIn={(me) => setState({ kind: 'signed-in', me })} />;
  // The first reason wins: requests still in flight when a session ends come back 401 too
  // (without the cookie the first answer cleared, they only say "please sign in").
  const signedOut = (notice?: string) => setState((current) => (current.kind === 'signed-in' ? { kind: 'signed-out', notice } : current));
  return <ConsoleShell me={state.me} onSignedOut={signedOut} />;
}
