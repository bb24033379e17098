import type { Customer } from '../accounts/customer-identity.ts';
import type { MyServersService } from './accounts/my-servers-service.ts';
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
  readonly #myServers: MyServersService | undefined;

  constructor(service: PanelService, myServers?: MyServersService) {
    this.#service = service;
    this.#myServers = myServers;
  }

  /**
   * A signed-in customer's servers, owned and shared, as the support desk shows them beside a
   * conversation (docs/decisions.md 82); empty when the engine's directory cannot say soon.
   */
  async customerServers(
    customer: Customer,
  ): Promise<
    Array<{ id: string; name: string; state: string | null; status: string | null; plan: string | null; location: string | null; role: 'owner' | 'shared' }>
  > {
    if (!this.#myServers) return [];
    const answer = await within(this.#myServers.list(customer, true), engineWaitMs * 2);
    if (!answer) return [];
    return [...answer.owned, ...answer.shared].map(({ id, name, state, status, plan, location, role }) => ({ id, name, state, status, plan, location, role }));
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
