import { ConnectForm } from './ConnectForm.tsx';
import { CheckingSession } from './ConnectedPlaceholder.tsx';
import { ConsoleView } from './ConsoleView.tsx';
import { ResourceCards } from './ResourceCards.tsx';
import { ServerOverview } from './ServerOverview.tsx';
import { usePanelConnection } from './use-panel-connection.ts';

/** The Game Panel: connect, then power, usage and the live console of one game server. */
export function GamePanel() {
  const panel = usePanelConnection();
  if (panel.phase === 'checking') return <CheckingSession />;
  if (panel.phase === 'disconnected' || !panel.server) {
    return <ConnectForm connecting={panel.connecting} error={panel.connectError} onConnect={(id, key) => void panel.connect(id, key)} />;
  }
  return (
    <div className="space-y-5">
      <ServerOverview server={panel.server} pendingAction={panel.pendingAction} onPower={(action) => void panel.power(action)} onDisconnect={() => void panel.disconnect()} />
      <ResourceCards server={panel.server} resources={panel.resources} />
      <ConsoleView onState={panel.setState} onStats={panel.setResources} onSessionEnded={panel.sessionEnded} onSend={panel.sendCommand} />
    </div>
  );
}
