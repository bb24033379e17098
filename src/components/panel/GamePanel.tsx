import { ConsoleView } from './ConsoleView.tsx';
import { PlayersCard } from './PlayersCard.tsx';
import { ServerConnection } from './ServerConnection.tsx';
import { ServerTools } from './ServerTools.tsx';
import { usePermissions } from './use-permissions.ts';
import type { PanelConnection } from './use-panel-connection.ts';
import type { ServerDetails } from './panel-api.ts';

/** The Game Panel: connect, then power, usage, players, and the console, files, backups and history of one game server. */
export function GamePanel() {
  return <ServerConnection>{(panel) => <ConnectedGamePanel panel={panel} server={panel.server} />}</ServerConnection>;
}

function ConnectedGamePanel({ panel, server }: { panel: PanelConnection; server: ServerDetails }) {
  const permissions = usePermissions(server.id);
  return (
    <>
      <PlayersCard state={server.state} />
      <ServerTools
        server={server}
        resources={panel.resources}
        permissions={permissions}
        console={
          panel.account && !panel.account.grants.includes('console') ? (
            <p className="p-4 text-sm text-slate-300">The owner shared this server with you without its console.</p>
          ) : (
            <ConsoleView
              onState={panel.setState}
              onStats={panel.setResources}
              onSessionEnded={panel.sessionEnded}
              onSend={panel.sendCommand}
              state={server.state}
            />
          )
        }
      />
    </>
  );
}
