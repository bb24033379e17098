import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PanelService } from './panel-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other capabilities may know of a browser's panel session (the support desk's context). */
    panelLink: PanelLink;
  }
}

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
 * connected to, and that server's state now, while the session lasts. The panel capability
 * attaches its service when it loads (it is encapsulated under /api/panel); before that, or
 * without a session, the answers are undefined.
 */
export class PanelLink {
  #service: PanelService | undefined;

  attach(service: PanelService): void {
    this.#service = service;
  }

  /** The server of a panel session cookie: its id, its name (if the engine answers soon), and the session's hash. */
  async serverOf(cookie: string | undefined): Promise<{ serverId: string; name: string | null; sessionHash: string } | undefined> {
    const service = this.#service;
    const session = service ? await service.find(cookie) : undefined;
    if (!service || !session) return undefined;
    const details = await within(service.server(session), engineWaitMs);
    return { serverId: session.serverId, name: details?.name ?? null, sessionHash: session.idHash };
  }

  /** The server's state and the engine's status now, through the session of this hash while it lasts. */
  async liveState(sessionHash: string): Promise<{ name: string; state: string; status: string | null } | undefined> {
    const service = this.#service;
    const session = service ? await service.findByHash(sessionHash) : undefined;
    if (!service || !session) return undefined;
    const details = await within(service.server(session), engineWaitMs);
    return details ? { name: details.name, state: details.state, status: details.status } : undefined;
  }
}

async function panelLinkCapability(app: FastifyInstance): Promise<void> {
  app.decorate('panelLink', new PanelLink());
}
export const panelLinkPlugin = fp(panelLinkCapability, { name: 'panel-link' });
