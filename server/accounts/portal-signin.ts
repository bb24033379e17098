import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { signInPath } from '../../contracts/accounts-rules.ts';
import type { AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { hashToken, randomToken } from '../staff/staff-tokens.ts';
import type { AccountsService } from './accounts-service.ts';
import { accountForPortal } from './portal-accounts.ts';
import type { PortalClient } from './portal-client.ts';
import { insertOidcFlow, takeOidcFlow } from './signin-repository.ts';

/** A sign-in at the portal must come back within this. */
const flowLifetimeMs = 10 * 60_000;

/** Why a callback was refused: the sign-in page says it in words (src/data/account.ts), the audit log keeps the detail. */
export type PortalRefusal = 'oidc_no_flow' | 'oidc_state' | 'oidc_token' | 'oidc_code' | 'oidc_denied' | 'oidc_unavailable';

/** The refusal of an openid-client error, and its detail for the audit log (never a token). */
export function refusalOf(error: unknown): { refusal: PortalRefusal; reason: string } {
  const e = error as { code?: string; message?: string; error?: string; cause?: unknown };
  // openid-client says what failed in the cause's message (unexpected JWT "iss" (issuer) claim value…).
  const message = `${e.message ?? ''} ${(e.cause as { message?: string } | undefined)?.message ?? ''}`;
  if (e.code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR') return { refusal: 'oidc_denied', reason: e.error ?? 'denied' };
  if (/"state"/.test(message)) return { refusal: 'oidc_state', reason: 'state' };
  if (e.code === 'OAUTH_RESPONSE_BODY_ERROR') return { refusal: 'oidc_code', reason: e.error ?? 'token_endpoint' };
  if (/"nonce"/.test(message)) return { refusal: 'oidc_token', reason: 'nonce' };
  if (/"iss"|issuer/i.test(message)) return { refusal: 'oidc_token', reason: 'issuer' };
  if (/"aud"|"azp"|audience/i.test(message)) return { refusal: 'oidc_token', reason: 'audience' };
  if (/"exp"|"iat"|"nbf"|expir/i.test(message)) return { refusal: 'oidc_token', reason: 'expired' };
  if (e.code === 'OAUTH_JWS_SIGNATURE_VERIFICATION_FAILED' || /signature/i.test(message)) return { refusal: 'oidc_token', reason: 'signature' };
  if (e.code?.startsWith('OAUTH_') || e.code?.startsWith('ERR_JW')) return { refusal: 'oidc_token', reason: e.code };
  return { refusal: 'oidc_unavailable', reason: e.code ?? 'network' };
}

/** A path of this site to return to: never another origin (`//host`, `/\host`, a scheme). */
export function safeReturnPath(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return null;
  return value.slice(0, 500);
}

interface Deps {
  db: Kysely<Database>;
  now: () => number;
  log: FastifyBaseLogger;
  audit: AuditLog;
  service: AccountsService;
  client: PortalClient;
  flowCookie: { name: string; options: { path: string; httpOnly: true; sameSite: 'lax'; secure: boolean } };
}

/**
 * Sign-in through the billing portal (docs/decisions.md 77). `start` keeps the state, nonce and
 * PKCE verifier on the server under a random id whose cookie binds the sign-in to this browser
 * (SameSite=Lax, so it comes back with the portal's redirect); `callback` takes that record out
 * for good, lets openid-client check the answer, then signs in to the account of the `sub`.
 */
export class PortalSignIn {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async start(reply: FastifyReply, returnTo: string | undefined): Promise<string> {
    let started: Awaited<ReturnType<PortalClient['start']>>;
    try {
      started = await this.deps.client.start();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'accounts: the billing portal could not be reached to start a sign-in');
      return `${signInPath}?error=oidc_unavailable`;
    }
    const id = randomToken();
    await insertOidcFlow(this.deps.db, {
      idHash: hashToken(id),
      state: started.state,
      nonce: started.nonce,
      codeVerifier: started.codeVerifier,
      returnTo: safeReturnPath(returnTo),
      expiresAt: this.deps.now() + flowLifetimeMs,
    });
    reply.setCookie(this.deps.flowCookie.name, id, { ...this.deps.flowCookie.options, maxAge: flowLifetimeMs / 1000 });
    return started.url;
  }

  /** Where to send the browser: the page it came for, signed in, or the sign-in page saying what went wrong. */
  async callback(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const id = request.cookies[this.deps.flowCookie.name];
    reply.clearCookie(this.deps.flowCookie.name, this.deps.flowCookie.options);
    const flow = id ? await takeOidcFlow(this.deps.db, hashToken(id)) : undefined;
    if (!flow || flow.expiresAt <= this.deps.now()) return this.refused(request, 'oidc_no_flow', flow ? 'flow_expired' : 'no_flow');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    let account: Awaited<ReturnType<typeof accountForPortal>>;
    try {
      const claims = await this.deps.client.finish(query, flow);
      account = await accountForPortal(this.deps.db, claims, this.deps.now());
    } catch (error) {
      const { refusal, reason } = refusalOf(error);
      this.deps.log.warn({ reason, code: (error as { code?: string }).code }, 'accounts: a billing portal sign-in was refused');
      return this.refused(request, refusal, reason);
    }
    await this.deps.service.signIn(request, reply, account, 'portal');
    return flow.returnTo ?? '/control-panel';
  }

  private async refused(request: FastifyRequest, refusal: PortalRefusal, reason: string): Promise<string> {
    await this.deps.audit.record({
      actor: { kind: 'anonymous' },
      action: 'account.signin_failed',
      outcome: 'refused',
      clientIp: request.ip,
      detail: { how: 'portal', reason },
    });
    return `${signInPath}?error=${refusal}`;
  }
}
