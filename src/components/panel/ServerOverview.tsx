import { LogOut, Play, RotateCw, Square } from 'lucide-react';
import { buttonVariants } from '../ui/button-variants.ts';
import { statusSentence } from '../../../contracts/my-servers-rules.ts';
import type { SessionAccount } from '../../../contracts/panel.ts';
import type { PowerAction, PowerState, ServerDetails } from './panel-api.ts';
import { cardVariants } from '../ui/card-variants.ts';

const stateLabels: Record<PowerState, string> = { offline: 'Offline', starting: 'Starting', running: 'Running', stopping: 'Stopping' };

/** docs/decisions.md 30: running enables Restart and Stop and disables Start; any other state enables only Start. */
export function enabledActions(state: PowerState): Record<PowerAction, boolean> {
  const running = state === 'running';
  return { start: !running, restart: running, stop: running };
}

interface ServerOverviewProps {
  server: ServerDetails;
  pendingAction: PowerAction | undefined;
  onPower(action: PowerAction): void;
  onDisconnect(): void;
  /** Opened from "My servers": the customer's role and grants (power buttons only with "power"). */
  account?: SessionAccount | undefined;
}

/** The server's name, its power-state dot (green only when running), the power buttons and Disconnect. */
export function ServerOverview({ server, pendingAction, onPower, onDisconnect, account }: ServerOverviewProps) {
  const canPower = !account || account.grants.includes('power');
  const sentence = statusSentence(server.status);
  const running = server.state === 'running';
  const enabled = enabledActions(server.state);
  const busy = pendingAction !== undefined;
  return (
    <div className={cardVariants({ className: 'flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6' })}>
      <div className="min-w-0">
        <div className="flex items-center gap-3">
          <span
            data-testid="power-dot"
            data-state={server.state}
            aria-hidden
            className={`size-3 shrink-0 rounded-full ${running ? 'bg-green-400 shadow-[0_0_10px] shadow-green-400/70' : 'bg-red-500 shadow-[0_0_10px] shadow-red-500/60'}`}
          />
          <h2 className="truncate text-xl font-bold text-white sm:text-2xl">{server.name}</h2>
        </div>
        <p className="mt-1 text-sm text-slate-400">
          <span className="sr-only">Power state: </span>
          <span data-testid="power-state" className={running ? 'text-green-300' : 'text-red-300'}>
            {stateLabels[server.state]}
          </span>
          <span aria-hidden className="mx-2 text-slate-500">
            ·
          </span>
          <span className="font-mono text-xs text-slate-400">{server.id}</span>
          {server.status && <span className="ml-2 rounded bg-yellow-500/15 px-1.5 py-0.5 text-xs text-yellow-200">{server.status}</span>}
          {account?.role === 'shared' && (
            <span className="ml-2 rounded bg-brand-500/15 px-1.5 py-0.5 text-xs text-brand-200">Shared with you: {account.grants.join(', ')}</span>
          )}
        </p>
        {sentence && <p className="mt-2 max-w-xl text-sm text-yellow-100">{sentence}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {canPower && (
          <>
            <button
              type="button"
              className={buttonVariants({ variant: 'success', size: 'sm' })}
              disabled={!enabled.start || busy}
              onClick={() => onPower('start')}
            >
              <Play aria-hidden className="size-4" /> Start
            </button>
            <button
              type="button"
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
              disabled={!enabled.restart || busy}
              onClick={() => onPower('restart')}
            >
              <RotateCw aria-hidden className={`size-4 ${pendingAction === 'restart' ? 'animate-spin' : ''}`} /> Restart
            </button>
            <button
              type="button"
              className={buttonVariants({ variant: 'destructive', size: 'sm' })}
              disabled={!enabled.stop || busy}
              onClick={() => onPower('stop')}
            >
              <Square aria-hidden className="size-4" /> Stop
            </button>
          </>
        )}
        <button type="button" className={buttonVariants({ variant: 'ghost', size: 'sm' })} onClick={onDisconnect}>
          <LogOut aria-hidden className="size-4" /> {account ? 'My servers' : 'Disconnect'}
        </button>
      </div>
    </div>
  );
}
