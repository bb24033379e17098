import type { ReactNode } from 'react';
import { ConnectForm } from './ConnectForm.tsx';
import { CheckingSession } from './ConnectedPlaceholder.tsx';
import { ResourceCards } from './ResourceCards.tsx';
import { ServerOverview } from './ServerOverview.tsx';
import { usePanelConnection, type PanelConnection } from './use-panel-connection.ts';

/**
 * What the Game Panel and /minecraft-tools share: the connect form until connected, then the
 * server's power controls and usage cards, followed by the page's own sections.
 */
export function ServerConnection({ children }: { children: (panel: PanelConnection & { server: NonNullable<PanelConnection['server']> }) => ReactNode }) {
  const panel = usePanelConnection();
  if (panel.phase === 'checking') return <CheckingSession />;
  if (panel.phase === 'disconnected' || !panel.server) {
    return <ConnectForm connecting={panel.connecting} error={panel.connectError} onConnect={(id, key) => void panel.connect(id, key)} />;
  }
  const server = panel.server;
  return (
    <div className="space-y-5">
      <ServerOverview
        server={server}
        pendingAction={panel.pendingAction}
        onPower={(action) => void panel.power(action)}
        onDisconnect={() => void panel.disconnect()}
      />
      <ResourceCards server={server} resources={panel.resources} />
      {children({ ...panel, server })}
    </div>
  );
}
