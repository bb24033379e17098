import type { MyServer, MyServersAnswer, OpenAnswer, ShareMade } from '../../../contracts/my-servers.ts';
import { blockingStatuses, grantLabels, statusSentence } from '../../../contracts/my-servers-rules.ts';
import type { StatusReport } from '../../../contracts/status.ts';
import type { Customer, Invitation, InvitationMailed } from '../../accounts/customer-identity.ts';
import type { AuditLog } from '../../audit/audit-service.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerDetails } from '../driver.ts';
import type { PanelAuditAction } from '../panel-audit-actions.ts';
import { notConnected, type PanelService } from '../panel-service.ts';
import type { PanelSession } from '../session-store.ts';
import { checkRouteGrant, type Grant, type ServerAccess } from './grants.ts';
import { boardNoteFor, planText } from './server-board.ts';
import { verifiedEmail, type DirectoryServer, type ServerDirectory, type Share } from './server-directory.ts';

/** A server the customer may not use answers exactly as an unknown one (docs/decisions.md 80). */
export const serverUnknown = () => new HttpError(404, 'server_not_found', 'There is no server with that ID on your account.');
export const signInFirst = () => new HttpError(401, 'not_signed_in', 'Sign in to see your servers.');
const ownerOnly = () => new HttpError(403, 'owner_only', 'Only the owner of this server may share it.');

/** How long "My servers" waits for each server's live state before showing it without. */
const engineWaitMs = 3000;

async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

const grantWords = (grants: readonly Grant[]) => grants.join(', ');
/** The invitation mail's fate, as the audit log says it. */
const mailWords: Record<InvitationMailed, string> = {
  sent: 'invitation mailed',
  failed: 'the mail server refused the invitation mail',
  off: 'no mail (no SMTP_URL): they sign in with that address',
};

/**
 * "My servers", opening one, the access check of every panel request made from it, and sharing
 * (docs/decisions.md 80-82). The directory says who may use what; the engine is called with the
 * site's own key; every share's change goes into the audit log in words.
 */
export class MyServersService {
  readonly directory: ServerDirectory;
  private readonly panel: PanelService;
  private readonly audit: AuditLog;
  private readonly board: () => Promise<StatusReport | undefined>;
  private readonly portalUrl: string | null;
  private readonly mailInvitation: (invitation: Invitation) => Promise<InvitationMailed>;
  /** The account sessions open here, per server: id hash → the person's address (a removal ends them at once). */
  private readonly openSessions = new Map<string, Map<string, string>>();

  constructor(deps: {
    directory: ServerDirectory;
    panel: PanelService;
    audit: AuditLog;
    board: () => Promise<StatusReport | undefined>;
    portalUrl: string | null;
    /** The accounts capability's invitation mail (app.customers.mailInvitation). */
    mailInvitation: (invitation: Invitation) => Promise<InvitationMailed>;
  }) {
    this.mailInvitation = deps.mailInvitation;
    this.directory = deps.directory;
    this.panel = deps.panel;
    this.audit = deps.audit;
    this.board = deps.board;
    this.portalUrl = deps.portalUrl;
  }

  /**
   * The customer's servers. `seenFrom` is the customer's own request (their client address): the
   * first list that shows them a shared server is the invitation's acceptance. The support desk
   * lists a customer's servers without it.
   */
  async list(customer: Customer | undefined, signInOffered: boolean, seenFrom?: { clientIp: string }): Promise<MyServersAnswer> {
    if (!customer) return { signedIn: false, signInOffered, owned: [], shared: [] };
    const [{ owned, shared }, report] = await Promise.all([this.directory.serversOf(customer), this.board().catch(() => undefined)]);
    if (seenFrom) for (const server of shared) await this.accept(customer, server.id, seenFrom.clientIp);
    const show = (server: DirectoryServer, role: 'owner' | 'shared', grants: Grant[]) => this.entry(server, role, grants, report);
    return {
      signedIn: true,
      signInOffered,
      owned: await Promise.all(owned.map((server) => show(server, 'owner', ['console', 'power', 'files', 'backups', 'schedules']))),
      shared: await Promise.all(shared.map((server) => show(server, 'shared', server.grants))),
    };
  }

  private async entry(server: DirectoryServer, role: 'owner' | 'shared', grants: Grant[], report: StatusReport | undefined): Promise<MyServer> {
    const details = await within(this.panel.driver.getServer({ serverId: server.id, key: this.directory.accountKey }), engineWaitMs);
    const status = details?.status ?? null;
    return {
      id: server.id,
      name: details?.name || server.id,
      game: server.game,
      plan: details ? planText(details.limits) : null,
      location: server.location,
      address: server.address,
      state: details?.state ?? null,
      status,
      statusText: statusSentence(status),
      payUrl: status === 'suspended' ? this.portalUrl : null,
      role,
      grants,
      board: boardNoteFor(report, server.location),
    };
  }

  /** Opens one of the customer's servers as this browser's panel session. */
  async open(
    customer: Customer | undefined,
    serverId: string,
    previousCookie: string | undefined,
    clientIp: string,
  ): Promise<{ cookie: string; answer: OpenAnswer }> {
    if (!customer) throw signInFirst();
    const access = await this.directory.access(customer, serverId);
    if (!access) throw serverUnknown();
    const { cookie, server } = await this.panel.openForCustomer({ serverId, accountKey: this.directory.accountKey, customerId: customer.id, previousCookie });
    if (access.role === 'shared') await this.accept(customer, serverId, clientIp);
    return { cookie, answer: { server, role: access.role, grants: [...access.grants] } };
  }

  /** Records an invitation's acceptance the first time its person sees the server (docs/decisions.md 81). */
  private async accept(customer: Customer, serverId: string, clientIp: string): Promise<void> {
    if (await this.directory.accepted(customer, serverId)) {
      await this.record(customer, clientIp, 'panel.share.accept', serverId, { email: verifiedEmail(customer) ?? '' });
    }
  }

  /**
   * The check of every panel request on a session opened from "My servers": the same customer is
   * still signed in, still owns or was given the server (read afresh), and was given what the
   * route needs. Otherwise the session ends, and the answer is the one for an unknown server.
   */
  async authorize(customer: Customer | undefined, session: PanelSession, method: string, url: string): Promise<PanelSession> {
    if (!customer || customer.id !== session.customerId) {
      await this.panel.end(session);
      throw notConnected();
    }
    const access = await this.directory.access(customer, session.serverId);
    if (!access) {
      await this.panel.end(session);
      this.forget(session);
      throw serverUnknown();
    }
    checkRouteGrant(access, method === 'HEAD' ? 'GET' : method, url);
    this.remember(session, customer);
    const checked: PanelSession = { ...session, grants: access.role === 'owner' ? undefined : access.grants, actorLabel: customer.email ?? undefined };
    if (url === '/api/panel/power') await this.refuseBlockedPower(checked);
    return checked;
  }

  /** Power is refused with the sentence that explains the engine's state (installing, suspended…). */
  private async refuseBlockedPower(session: PanelSession): Promise<void> {
    const details: ServerDetails = await this.panel.server(session);
    if (!details.status || !(blockingStatuses as readonly string[]).includes(details.status)) return;
    const pay = details.status === 'suspended' && this.portalUrl ? ` Billing portal: ${this.portalUrl}` : '';
    throw new HttpError(409, `server_${details.status}`, `${statusSentence(details.status)}${pay}`);
  }

  private remember(session: PanelSession, customer: Customer): void {
    const email = verifiedEmail(customer);
    if (!email) return;
    const sessions = this.openSessions.get(session.serverId) ?? new Map<string, string>();
    sessions.set(session.idHash, email);
    this.openSessions.set(session.serverId, sessions);
  }

  private forget(session: PanelSession): void {
    this.openSessions.get(session.serverId)?.delete(session.idHash);
  }

  /**
   * Acts at once on a person whose access to a server was removed (their sessions end, with their
   * open consoles) or whose console was taken away (their consoles close). Sessions on other
   * instances are refused on their next call, and their consoles at the next recheck.
   */
  private async endFor(serverId: string, email: string, consoleOnly: boolean): Promise<void> {
    const sessions = this.openSessions.get(serverId);
    for (const [hash, owner] of sessions ?? []) {
      if (owner !== email) continue;
      if (consoleOnly) {
        this.panel.sockets.closeAll(hash, 'Console access removed');
        continue;
      }
      sessions!.delete(hash);
      const session = await this.panel.findByHash(hash);
      if (session) await this.panel.end(session);
    }
  }

  /** Sharing is the owner's: anyone else gets what an unknown server gets, or 403 when it was shared with them. */
  private async requireOwner(customer: Customer | undefined, serverId: string): Promise<ServerAccess> {
    if (!customer) throw signInFirst();
    const access = await this.directory.access(customer, serverId);
    if (!access) throw serverUnknown();
    if (access.role !== 'owner') throw ownerOnly();
    return access;
  }

  async shares(customer: Customer | undefined, serverId: string): Promise<Share[]> {
    await this.requireOwner(customer, serverId);
    return this.directory.shares(serverId);
  }

  /**
   * Shares the server and mails the invited address who shared which server with what rights
   * (docs/decisions.md 93). Without SMTP_URL the answer says no mail went ('off').
   */
  async invite(customer: Customer | undefined, serverId: string, email: string, grants: Grant[], clientIp: string): Promise<ShareMade> {
    await this.requireOwner(customer, serverId);
    const address = email.trim().toLowerCase();
    const share = await this.directory.invite(serverId, address, grants, customer!);
    const details = await within(this.panel.driver.getServer({ serverId, key: this.directory.accountKey }), engineWaitMs);
    const mailed = await this.mailInvitation({
      to: address,
      byName: customer!.name,
      byEmail: customer!.email,
      serverId,
      serverName: details?.name || serverId,
      rights: grants.map((grant) => grantLabels[grant]),
    }).catch(() => 'failed' as const);
    await this.record(customer!, clientIp, 'panel.share.invite', serverId, { email: address, grants: grantWords(grants), mail: mailWords[mailed] });
    return { ...share, mailed };
  }

  async change(customer: Customer | undefined, serverId: string, shareId: string, grants: Grant[], clientIp: string): Promise<Share> {
    await this.requireOwner(customer, serverId);
    const { before, after } = await this.directory.change(serverId, shareId, grants);
    await this.record(customer!, clientIp, 'panel.share.change', serverId, {
      email: before.email,
      before: grantWords(before.grants),
      after: grantWords(after.grants),
    });
    // Narrower rights take effect on the next call; a console taken away closes now.
    if (!grants.includes('console')) await this.endFor(serverId, before.email, true);
    return after;
  }

  async remove(customer: Customer | undefined, serverId: string, shareId: string, clientIp: string): Promise<void> {
    await this.requireOwner(customer, serverId);
    const share = await this.directory.remove(serverId, shareId);
    await this.record(customer!, clientIp, 'panel.share.remove', serverId, { email: share.email, grants: grantWords(share.grants) });
    await this.endFor(serverId, share.email, false);
  }

  private async record(customer: Customer, clientIp: string, action: PanelAuditAction, serverId: string, detail: Record<string, string>): Promise<void> {
    await this.audit.record({
      actor: { kind: 'customer', id: customer.id, label: customer.email ?? `account ${customer.id}` },
      action,
      target: serverId,
      clientIp,
      detail: { ...detail },
    });
  }
}
