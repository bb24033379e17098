import { useCallback, useState } from 'react';
import type { SessionAccount } from '../../../contracts/panel.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { panelApi, type PowerAction, type PowerState, rememberServerId, type ServerDetails, type ServerResources } from './panel-api.ts';
import { useServerCommands } from './use-server-commands.ts';
import { type Phase, useServerSession } from './use-server-session.ts';

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

/**
 * The connection to one game server, shared by /control-panel and /minecraft-tools: connect
 * with id and key, details and power state, stats every 10 s (use-server-session.ts), power
 * actions (details reloaded after each) and commands (use-server-commands.ts), disconnect.
 * Toast wording: docs/decisions.md 27.
 */
export function usePanelConnection(): PanelConnection {
  const session = useServerSession();
  const { setPhase, setServer, setAccount, noteOpening, endSession, refreshStats } = session;
  const commands = useServerCommands(session);
  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string>();

  const connect = useCallback(
    async (serverId: string, key: string) => {
      const id = serverId.trim();
      // An empty id is accepted and fetches nothing (docs/decisions.md 30).
      if (!id) return;
      rememberServerId(id);
      noteOpening();
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
    [refreshStats, setPhase, setServer, noteOpening],
  );

  const open = useCallback(
    async (serverId: string) => {
      noteOpening();
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
    [refreshStats, setPhase, setServer, setAccount, noteOpening],
  );

  const disconnect = useCallback(async () => {
    try {
      await panelApi.disconnect();
    } catch (error) {
      console.error('Failed to disconnect', error);
    }
    endSession();
  }, [endSession]);

  const setState = useCallback(
    (next: PowerState) => setServer((current) => (current && current.state !== next ? { ...current, state: next } : current)),
    [setServer],
  );

  return {
    phase: session.phase,
    server: session.server,
    resources: session.resources,
    connecting,
    connectError,
    pendingAction: commands.pendingAction,
    connect,
    open,
    account: session.account,
    disconnect,
    power: commands.power,
    sendCommand: commands.sendCommand,
    setState,
    setResources: session.setResources,
    sessionEnded: session.sessionEnded,
  };
}
