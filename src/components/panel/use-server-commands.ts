// What the customer tells a connected game server (use-panel-connection.ts): a power action,
// with the details read again before the buttons come back, and a console command. Toast
// wording: docs/decisions.md 27.
import { useCallback, useState } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { panelApi, type PowerAction } from './panel-api.ts';
import { isUnauthorized } from './use-server-session.ts';

export function useServerCommands({
  refreshDetails,
  refreshStats,
  sessionEnded,
}: {
  refreshDetails: () => Promise<void>;
  refreshStats: () => Promise<void>;
  sessionEnded: () => void;
}) {
  const [pendingAction, setPendingAction] = useState<PowerAction>();

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

  return { pendingAction, power, sendCommand };
}
