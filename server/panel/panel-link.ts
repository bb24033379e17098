import type { PanelService } from './panel-service.ts';

/** How long the desk waits for the engine before it shows a server without its live state. */
const engineWaitMs = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/**
 * The panel, as other capabilities may see it: which game server a browser's panel session is
 * connected to, and that server's state now, while the session lasts (without a session, the
 * answers are undefined). The panel capability decorates it as `app.panelLink`.
 */
export class PanelLink {
  readonly #service: PanelService;

  constructor(service: PanelService) {
    this.#service = service;
  }

  /** The server of a panel session cookie: its id, its name (if the engine answers soon), and the session's hash. */
  async serverOf(cookie: string | undefined): Promise<{ serverId: string; name: string | null; sessionHash: string } | undefined> {
    const service = this.#service;
    const session = await service.find(cookie);
    if (!session) return undefined;
    const details = await within(service.server(session), engineWaitMs);
    return { serverId: session.serverId, name: details?.name ?? null, sessionHash: session.idHash };
  }

  /** The server's state and the engine's status now, through the session of this hash while it lasts. */
  async liveState(sessionHash: string): Promise<{ name: string; state: string; status: string | null } | undefined> {
    const service = this.#service;
    const session = await service.findByHash(sessionHash);
    if (!session) return undefined;
    const details = await within(service.server(session), engineWaitMs);
    return details ? { name: details.name, state: details.state, status: details.status } : undefined;
  }
}
