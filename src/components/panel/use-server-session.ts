// The panel's session with one game server (use-panel-connection.ts): whether there is one (read
// once on load: an existing session cookie means still connected), the server's details and
// stats (every 10 s while connected, docs/decisions.md 30), its details read again while it is
// starting or stopping, and the end of the session.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { SessionAccount } from '../../../contracts/panel.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { FirstViewContext } from './first-view.ts';
import { panelApi, type ServerDetails, type ServerResources } from './panel-api.ts';

/** Stats refresh this often while connected (docs/decisions.md 30). */
export const statsIntervalMs = 10_000;
/** While the server is starting or stopping, its state is read again this often. */
const transitionPollMs = 1500;

export type Phase = 'checking' | 'disconnected' | 'connected';

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function useServerSession() {
  // A page rendered signed-out at build starts there; the session's answer moves it on (first-view.ts).
  const [phase, setPhase] = useState<Phase>(useContext(FirstViewContext) === 'signed-out' ? 'disconnected' : 'checking');
  const [server, setServer] = useState<ServerDetails>();
  const [resources, setResources] = useState<ServerResources>();
  const [account, setAccount] = useState<SessionAccount>();

  /** Back to "not connected" at once: the customer disconnected, or the session is known gone. */
  const endSession = useCallback(() => {
    setPhase('disconnected');
    setAccount(undefined);
    setServer(undefined);
    setResources(undefined);
  }, []);

  /**
   * A request was refused as unauthorized: the session ended elsewhere (expired, disconnected in
   * another tab), or the request was sent under a session that has just been replaced (a deep link
   * opened its server while this page was restoring the one before), which must not close the new
   * one. The session is asked for: only when there is none does the page go back to the start.
   */
  const sessionEnded = useCallback(() => {
    panelApi.session().then(
      ({ server: details }) => !details && endSession(),
      () => endSession(),
    );
  }, [endSession]);

  const refreshStats = useCallback(async () => {
    try {
      const stats = await panelApi.resources();
      setResources(stats);
      setServer((current) => (current && current.state !== stats.state ? { ...current, state: stats.state } : current));
    } catch (error) {
      // A failed stats refresh is only logged, never toasted (docs/decisions.md 27): it retries in 10 s.
      console.error('Failed to fetch server stats', error);
      if (isUnauthorized(error)) sessionEnded();
    }
  }, [sessionEnded]);

  const refreshDetails = useCallback(async () => {
    try {
      setServer(await panelApi.server());
    } catch (error) {
      if (isUnauthorized(error)) return sessionEnded();
      console.error('Failed to fetch server details', error);
      notifyError('Failed to fetch server details');
    }
  }, [sessionEnded]);

  // Set once the page opens a session itself (a deep link, the key's form): the answer about the
  // session from before, if it comes later, is about one that has been replaced.
  const opened = useRef(false);
  const noteOpening = useCallback(() => {
    opened.current = true;
  }, []);

  // On load: an existing session cookie means we are still connected.
  useEffect(() => {
    let cancelled = false;
    panelApi.session().then(
      ({ server: details, account: access }) => {
        if (cancelled || opened.current) return;
        if (!details) return setPhase('disconnected');
        setAccount(access);
        setServer(details);
        setPhase('connected');
        void refreshStats();
      },
      (error: unknown) => {
        if (cancelled || opened.current) return;
        setPhase('disconnected');
        if (!isUnauthorized(error)) {
          console.error('Failed to fetch server details', error);
          notifyError('Failed to fetch server details');
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [refreshStats]);

  // Stats every 10 s while connected.
  useEffect(() => {
    if (phase !== 'connected') return;
    const timer = setInterval(() => void refreshStats(), statsIntervalMs);
    return () => clearInterval(timer);
  }, [phase, refreshStats]);

  // Starting and stopping do not last: follow them until the server settles.
  const state = server?.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies(server): every answer (a new server object, even in the same state) arms the next poll.
  useEffect(() => {
    if (phase !== 'connected' || (state !== 'starting' && state !== 'stopping')) return;
    const timer = setTimeout(() => void refreshDetails(), transitionPollMs);
    return () => clearTimeout(timer);
  }, [phase, state, server, refreshDetails]);

  return {
    phase,
    setPhase,
    server,
    setServer,
    resources,
    setResources,
    account,
    setAccount,
    noteOpening,
    endSession,
    sessionEnded,
    refreshStats,
    refreshDetails,
  };
}
