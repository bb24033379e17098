import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ApiError } from '../../lib/api-client.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import type { SessionAccount } from '../../../contracts/panel.ts';
import { FirstViewContext } from './first-view.ts';
import { panelApi, rememberServerId, type PowerAction, type PowerState, type ServerDetails, type ServerResources } from './panel-api.ts';

/** Stats refresh this often while connected (docs/decisions.md 30). */
export const statsIntervalMs = 10_000;
/** While the server is starting or stopping, its state is read again this often. */
const transitionPollMs = 1500;

export type Phase = 'checking' | 'disconnected' | 'connected';

export interface PanelConnection {
  phase: Phase;
  server: ServerDetails | undefined;
  resources: ServerResources | undefined;
  connecting: boolean;
  /** Why the last connect failed, shown under the form. */
  connectError: string | undefined;
  /** The power action in flight. */
  pendingAction: PowerAction | undefined;
  connect(serverId: string, key: string): Promise<void>;
  /** Opens one of the signed-in customer's servers ("My servers"); resolves false when it failed. */
  open(serverId: string): Promise<boolean>;
  /** For a server opened from "My servers": the customer's role and grants there; undefined for a key session. */
  account: SessionAccount | undefined;
  disconnect(): Promise<void>;
  power(action: PowerAction): Promise<void>;
  /** Sends a console command; blank commands are not sent. Resolves true when sent. */
  sendCommand(command: string): Promise<boolean>;
  /** A state pushed by the console socket. */
  setState(state: PowerState): void;
  setResources(resources: ServerResources): void;
  /** The session ended elsewhere (expired, disconnected in another tab). */
  sessionEnded(): void;
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The connection to one game server, shared by /control-panel and /minecraft-tools: connect
 * with id and key, details and power state, stats every 10 s, power actions (details reloaded
 * after each), commands, disconnect. Toast wording: docs/decisions.md 27.
 */
export function usePanelConnection(): PanelConnection {
  // A page rendered signed-out at build starts there; the session's answer moves it on (first-view.ts).
  const [phase, setPhase] = useState<Phase>(useContext(FirstViewContext) === 'signed-out' ? 'disconnected' : 'checking');
  const [server, setServer] = useState<ServerDetails>();
  const [resources, setResourcesState] = useState<ServerResources>();
  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string>();
  const [pendingAction, setPendingAction] = useState<PowerAction>();
  const [account, setAccount] = useState<SessionAccount>();
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const sessionEnded = useCallback(() => {
    setPhase('disconnected');
    setAccount(undefined);
    setServer(undefined);
    setResourcesState(undefined);
  }, []);

  const refreshStats = useCallback(async () => {
    try {
      const stats = await panelApi.resources();
      setResourcesState(stats);
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

  // On load: an existing session cookie means we are still connected.
  useEffect(() => {
    let cancelled = false;
    panelApi.session().then(
      ({ server: details, account: access }) => {
        if (cancelled) return;
        if (!details) return setPhase('disconnected');
        setAccount(access);
        setServer(details);
        setPhase('connected');
        void refreshStats();
      },
      (error: unknown) => {
        if (cancelled) return;
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

  const connect = useCallback(
    async (serverId: string, key: string) => {
      const id = serverId.trim();
      // An empty id is accepted and fetches nothing (docs/decisions.md 30).
      if (!id) return;
      rememberServerId(id);
      setConnectError(undefined);
      setConnecting(true);
      try {
        const { server: details } = await panelApi.connect(id, key);
        setServer(details);
        setPhase('connected');
        void refreshStats();
      } catch (error) {
        console.error('Failed to fetch server details', error);
        setConnectError(error instanceof ApiError ? error.message : 'The panel could not be reached. Please try again.');
        notifyError('Failed to fetch server details');
      } finally {
        setConnecting(false);
      }
    },
    [refreshStats],
  );

  const open = useCallback(
    async (serverId: string) => {
      setConnectError(undefined);
      setConnecting(true);
      try {
        const answer = await panelApi.openMine(serverId);
        setAccount({ role: answer.role, grants: answer.grants });
        setServer(answer.server);
        setPhase('connected');
        void refreshStats();
        return true;
      } catch (error) {
        console.error('Failed to open the server', error);
        notifyError(error instanceof ApiError ? error.message : 'The panel could not be reached. Please try again.');
        return false;
      } finally {
        setConnecting(false);
      }
    },
    [refreshStats],
  );

  const disconnect = useCallback(async () => {
    try {
      await panelApi.disconnect();
    } catch (error) {
      console.error('Failed to disconnect', error);
    }
    sessionEnded();
  }, [sessionEnded]);

  const power = useCallback(
    async (action: PowerAction) => {
      setPendingAction(action);
      try {
        try {
          await panelApi.power(action);
          notifySuccess(`Server ${action} command sent`);
        } catch (error) {
          console.error(`Failed to ${action} server`, error);
          // A refusal that explains itself (not granted, suspended, installing…) is shown in its own words.
          notifyError(error instanceof ApiError && (error.status === 403 || error.status === 409) ? error.message : `Failed to ${action} server`);
          if (isUnauthorized(error)) return sessionEnded();
        }
        // After a power action the details and power state are read again (docs/decisions.md 30). The
        // buttons stay disabled until then: in between the page still shows the state from
        // before the action (Stop enabled during a restart), and a click there was either
        // dropped as the buttons re-rendered disabled or sent against the wrong state.
        await refreshDetails();
      } finally {
        setPendingAction(undefined);
      }
      void refreshStats();
    },
    [refreshDetails, refreshStats, sessionEnded],
  );

  const sendCommand = useCallback(
    async (command: string) => {
      const trimmed = command.trim();
      if (!trimmed) return false;
      try {
        await panelApi.command(trimmed);
        return true;
      } catch (error) {
        console.error('Failed to send command', error);
        // The server's own answer says why ("The server must be online to receive commands.").
        notifyError(error instanceof ApiError ? error.message : panelTexts.console.sendFailed);
        if (isUnauthorized(error)) sessionEnded();
        return false;
      }
    },
    [sessionEnded],
  );

  const setState = useCallback((next: PowerState) => {
    setServer((current) => (current && current.state !== next ? { ...current, state: next } : current));
  }, []);

  const setResources = useCallback((next: ServerResources) => {
    setResourcesState(next);
  }, []);

  return {
    phase,
    server,
    resources,
    connecting,
    connectError,
    pendingAction,
    connect,
    open,
    account,
    disconnect,
    power,
    sendCommand,
    setState,
    setResources,
    sessionEnded,
  };
}
