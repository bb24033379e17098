import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StatusReport } from '../../../contracts/status.ts';
import type { GameServerDriver } from '../driver.ts';
import type { LocalDriver } from '../local/local-driver.ts';
import type { PanelService } from '../panel-service.ts';
import { createPterodactylDirectory } from '../pterodactyl/pterodactyl-directory.ts';
import type { PanelSession } from '../session-store.ts';
import { AccountConsoles } from './account-consoles.ts';
import { localAccountKey } from './account-key.ts';
import { createLocalDirectory } from './local-directory.ts';
import { MyServersService } from './my-servers-service.ts';
import { currentCustomer } from './my-servers-routes.ts';
import type { ServerDirectory } from './server-directory.ts';

/** The board is read again after this long for "My servers" (it changes with each probe round). */
const boardTtlMs = 10_000;

/** A directory that knows no servers: Pterodactyl without PANEL_APPLICATION_KEY and PANEL_CLIENT_KEY. */
const noDirectory: ServerDirectory = {
  accountKey: '',
  serversOf: async () => ({ owned: [], shared: [] }),
  access: async () => undefined,
  accepted: async () => false,
  shares: async () => [],
  invite: async () => {
    throw new Error('sharing needs PANEL_APPLICATION_KEY and PANEL_CLIENT_KEY');
  },
  change: async () => {
    throw new Error('sharing needs PANEL_APPLICATION_KEY and PANEL_CLIENT_KEY');
  },
  remove: async () => {
    throw new Error('sharing needs PANEL_APPLICATION_KEY and PANEL_CLIENT_KEY');
  },
  knows: async () => false,
  close() {},
};

/**
 * Wires "My servers" into the panel capability (docs/decisions.md 79-82): the driver's
 * directory, the service, the check of every request on a customer's session, and the end of
 * those sessions when the customer signs out.
 */
export function createMyServers(
  app: FastifyInstance,
  deps: { driver: GameServerDriver; service: PanelService },
): {
  service: MyServersService;
  check(request: FastifyRequest, session: PanelSession): Promise<PanelSession>;
  /** The customers' open consoles, checked again when a session ends. */
  consoles: AccountConsoles;
} {
  const { panel, sessionSecret, publicUrl } = app.config;
  const consoles = new AccountConsoles();
  let directory: ServerDirectory;
  if (deps.driver.name === 'local') {
    directory = createLocalDirectory({
      db: app.db,
      servers: (deps.driver as LocalDriver).configs ?? [],
      accountKey: localAccountKey(sessionSecret),
      publicHost: new URL(publicUrl).hostname,
      now: app.clock,
    });
  } else if (panel.url && panel.applicationKey && panel.clientKey) {
    directory = createPterodactylDirectory({
      panelUrl: panel.url,
      applicationKey: panel.applicationKey,
      clientKey: panel.clientKey,
      db: app.db,
      log: app.log.child({ driver: 'pterodactyl', part: 'directory' }),
      now: app.clock,
    });
  } else {
    directory = noDirectory;
  }
  app.addHook('onClose', async () => directory.close());

  let board: { report: Promise<StatusReport | undefined>; at: number } | undefined;
  const readBoard = () => {
    const now = Date.now();
    if (!board || now - board.at > boardTtlMs) board = { report: app.status.service.report().catch(() => undefined), at: now };
    return board.report;
  };
  const customers = app.customers;
  const service = new MyServersService({
    directory,
    panel: deps.service,
    audit: app.audit,
    board: readBoard,
    portalUrl: panel.portalUrl ?? null,
    mailInvitation: (invitation) => customers.mailInvitation(invitation),
  });

  // A sign-out checks the account's open consoles at once: those of a browser no longer signed
  // in close (every panel request checks the customer anyway); other devices keep theirs.
  const stop = customers.onSessionsEnded((customerId) => consoles.checkAll(customerId));
  // Owners and invited addresses may ask for a sign-in link (docs/decisions.md 76).
  const unregister = customers.registerKnownAddressSource((email) => directory.knows(email).catch(() => false));
  app.addHook('onClose', async () => {
    stop();
    unregister();
  });

  return {
    service,
    consoles,
    check: async (request, session) => service.authorize(await currentCustomer(app, request), session, request.method, request.routeOptions.url ?? request.url),
  };
}
