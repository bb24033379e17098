import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SignInWays } from '../../contracts/accounts.ts';
import { SmtpSender } from '../outbox/smtp-sender.ts';
import { accountsRoutes } from './accounts-routes.ts';
import { AccountsService } from './accounts-service.ts';
import { customerCookie } from './customer-cookie.ts';
import { customerIdleMs, CustomerSessions } from './customer-sessions.ts';
import { defaultLinkLimits, EmailLinkSignIn, type LinkLimits } from './email-link-signin.ts';
import { invitationMail, type Invitation, type InvitationMailed } from './invitation-mail.ts';
import { KnownAddresses } from './known-addresses.ts';
import { brandName } from '../../contracts/brand.ts';
import { relyingPartyOf } from '../lib/relying-party.ts';
import { CustomerPasskeys } from './customer-passkeys.ts';
import { passkeysRoutes } from './passkeys-routes.ts';
import { PortalClient } from './portal-client.ts';
import { portalRoutes } from './portal-routes.ts';
import { PortalSignIn } from './portal-signin.ts';
import { purgeRunOut } from './signin-repository.ts';
import './customer-identity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts capability's own services (its routes and tests use them; others use `app.customers`). */
    accounts: {
      service: AccountsService;
      emailLinks: EmailLinkSignIn;
      sessions: CustomerSessions;
      passkeys: CustomerPasskeys;
      portal: PortalSignIn | undefined;
      ways: () => SignInWays;
    };
  }
}

export interface AccountsPluginOptions {
  /** The sign-in link limits (tests make them small); production uses the defaults. */
  linkLimits?: LinkLimits;
}

const housekeepingEveryMs = 10 * 60_000;
/** Used and expired links are kept a day, so a reused link still gets its own message. */
const keepLinksMs = 24 * 60 * 60_000;

/**
 * Customer accounts (docs/decisions.md 75-78): the account and its sessions, sign-in by e-mail
 * link, and `app.customers` (server/accounts/customer-identity.ts) for every capability that
 * needs to know the signed-in customer. Registered after staff and the audit log it records
 * into, and before the Game Panel, which reads `app.customers`.
 */
async function accountsCapability(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  const now = app.clock;
  const config = app.config;
  const audit = app.audit;
  const cookie = customerCookie(config);
  const sessions = new CustomerSessions(app.db, now);
  const known = new KnownAddresses(app.db);
  const smtp = config.accounts.smtpUrl ? new SmtpSender(config.accounts.smtpUrl, { pool: false }) : undefined;
  const mailInvitation = async (invitation: Invitation): Promise<InvitationMailed> => {
    if (!smtp) return 'off';
    const mail = invitationMail({ ...invitation, publicUrl: config.publicUrl, from: config.accounts.mailFrom, at: now() });
    const result = await smtp.send(mail, 15_000);
    if (!result.ok) app.log.warn({ statusCode: result.statusCode, error: result.error }, 'accounts: the invitation mail was refused');
    return result.ok ? 'sent' : 'failed';
  };
  const service = new AccountsService({ db: app.db, now, audit, sessions, known, cookie, mailInvitation });
  const limits = options.linkLimits ?? defaultLinkLimits;
  const emailLinks = new EmailLinkSignIn({
    db: app.db,
    now,
    log: app.log,
    publicUrl: config.publicUrl,
    mailFrom: config.accounts.mailFrom,
    known,
    smtp,
    limits,
  });
  const passkeys = new CustomerPasskeys(app.db, now, relyingPartyOf(config.publicUrl, brandName));
  const oidc = config.accounts.oidc;
  const portalClient = oidc ? new PortalClient(oidc, config.publicUrl, now) : undefined;
  const secure = cookie.options.secure;
  const portal = portalClient
    ? new PortalSignIn({
        db: app.db,
        now,
        log: app.log,
        audit,
        service,
        client: portalClient,
        // Lax, not Strict: it must come back with the portal's redirect, a navigation from another site.
        flowCookie: {
          name: secure ? '__Secure-hf_customer_oidc' : 'hf_customer_oidc',
          options: { path: '/api/account/oidc', httpOnly: true, sameSite: 'lax', secure },
        },
      })
    : undefined;
  const ways = (): SignInWays => ({
    emailLink: emailLinks.enabled,
    passkeys: passkeys.enabled,
    portal: oidc ? { name: oidc.name, signInUrl: '/api/account/oidc/start', registerUrl: oidc.registerUrl } : null,
  });

  app.decorate('customers', service);
  app.decorate('accounts', { service, emailLinks, sessions, passkeys, portal, ways });
  app.addHook('onClose', async () => {
    await emailLinks.settled();
    await smtp?.close();
  });

  app.jobs.every({ name: 'accounts housekeeping', everyMs: housekeepingEveryMs }, async () => {
    const at = now();
    const removed = await purgeRunOut(app.db, {
      now: at,
      idleBefore: at - customerIdleMs,
      linksBefore: at - keepLinksMs,
      requestsBefore: at - limits.windowMs,
    });
    if (removed > 0) app.log.debug({ removed }, 'accounts: run-out rows removed');
  });

  await app.register(accountsRoutes, { prefix: '/api/account' });
  await app.register(passkeysRoutes, { prefix: '/api/account/passkeys' });
  await app.register(portalRoutes, { prefix: '/api/account/oidc', portal });
}
export const accountsPlugin = fp(accountsCapability, { name: 'accounts', dependencies: ['database', 'jobs', 'staff', 'audit'] });
