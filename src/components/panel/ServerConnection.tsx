import { type ReactNode, useCallback, useState } from 'react';
import { ConnectForm } from './ConnectForm.tsx';
import { MyServers } from './MyServers.tsx';
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
  // Without a sign-in that finds servers (no SMTP_URL, no portal), the key's form is the way in.
  const [keyFirst, setKeyFirst] = useState(false);
  const noSignIn = useCallback(() => setKeyFirst(true), []);
  if (panel.phase === 'checking') return <CheckingSession />;
  if (panel.phase === 'disconnected' || !panel.server) {
    // Signed-in customers find their servers first; the id and key stay, secondary (docs/decisions.md 80).
    return (
      <div className="min-h-80 space-y-8">
        {/* As tall as the signed-out card, so the line below does not move when the list arrives. */}
        <div className="min-h-60">
          <MyServers opening={panel.connecting} onOpen={panel.open} onNoSignIn={noSignIn} />
        </div>
        <details open={keyFirst || panel.connectError !== undefined} className="mx-auto w-full max-w-md">
          <summary className="cursor-pointer text-center text-sm text-slate-300 hover:text-white">Connect with a Server ID and access key instead</summary>
          <div className="mt-4">
            <ConnectForm connecting={panel.connecting} error={panel.connectError} onConnect={(id, key) => void panel.connect(id, key)} />
          </div>
        </details>
      </div>
    );
  }
  const server = panel.server;
  return (
    <div className="space-y-5">
      <ServerOverview
        server={server}
        pendingAction={panel.pendingAction}
        onPower={(action) => void panel.power(action)}
        onDisconnect={() => void panel.disconnect()}
        account={panel.account}
      />
      <ResourceCards server={server} resources={panel.resources} />
      {children({ ...panel, server })}
    </div>
  );
}
