import { ConsoleView } from './ConsoleView.tsx';
import { ServerConnection } from './ServerConnection.tsx';

/** The Game Panel: connect, then power, usage and the live console of one game server. */
export function GamePanel() {
  return (
    <ServerConnection
      console={(panel) => <ConsoleView onState={panel.setState} onStats={panel.setResources} onSessionEnded={panel.sessionEnded} onSend={panel.sendCommand} />}
    />
  );
}
