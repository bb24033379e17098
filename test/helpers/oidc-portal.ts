/**
 * The billing portal as OpenID Connect provider, for tests: `oidc-provider` (a certified
 * OpenID Provider implementation) on loopback, with one confidential client (this site), PKCE
 * required, and the claims a portal sends (sub, email, email_verified, name). Its login page
 * is a small form (the browser spec uses it); server tests choose the account beforehand with
 * `signInAs` and walk the redirects with `followToCallback`.
 *
 * `misbehave` makes the next ID token come back with claims changed and signed again with the
 * portal's own key: a portal that is misconfigured or was tampered with, for the refusals the
 * relying party must make (wrong issuer, audience, nonce).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface PortalAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcPortal {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Environment for the app under test (CUSTOMER_OIDC_*). */
  env: Record<string, string>;
  accounts: Map<string, PortalAccount>;
  /** The account the next login chooses (no form shown). */
  signInAs(sub: string | undefined): void;
  /** Changes the claims of the next ID token the token endpoint sends, signed again with the portal's key. */
  misbehave(change: (claims: Record<string, unknown>) => void): void;
  /** Token endpoint answers so far (a replayed code shows up as an error answer). */
  tokenAnswers: Array<{ status: number; error?: string }>;
  close(): Promise<void>;
}

function b64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** Signs a JWT's new payload with the portal's key, keeping its header. */
function resign(jwt: string, key: KeyObject, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  const body = `${header}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${b64url(sign('sha256', Buffer.from(body), key))}`;
}

function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(new URLSearchParams(text)));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcPortal(options: { redirectUri: string; name?: string; idTokenTtlSeconds?: number; port?: number }): Promise<OidcPortal> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as Record<string, string>), kid: 'portal-1', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, PortalAccount>();
  const tokenAnswers: OidcPortal['tokenAnswers'] = [];
  let chosen: string | undefined;
  let change: ((claims: Record<string, unknown>) => void) | undefined;
  const clientId = 'hostfront-site';
  const clientSecret = 'portal-client-secret-0123456789abcdef';

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['portal-cookie-key-for-tests-only-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { IdToken: options.idTokenTtlSeconds ?? 3600, AccessToken: 600, AuthorizationCode: 60, Grant: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account, sub }) };
    },
    // The portal's own site: the customer already agreed to it signing them in here.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientIdOf = ctx.oidc.client?.clientId;
      if (!accountId || !clientIdOf) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOf, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token') return;
    const body = ctx.body as { id_token?: string; error?: string } | undefined;
    tokenAnswers.push({ status: ctx.status, ...(body?.error ? { error: body.error } : {}) });
    if (change && body?.id_token) {
      ctx.body = { ...body, id_token: resign(body.id_token, privateKey, change) };
      change = undefined;
    }
  });
  const handle = provider.callback();

  server.on('request', async (request, response) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(request.url ?? '');
    if (!match) return handle(request, response);
    try {
      await provider.interactionDetails(request, response);
      let sub = chosen;
      if (request.method === 'POST') sub = (await readForm(request)).get('account') ?? undefined;
      if (sub) {
        await provider.interactionFinished(request, response, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const choices = [...accounts.values()].map((a) => `<option value="${escapeHtml(a.sub)}">${escapeHtml(a.name ?? a.email ?? a.sub)}</option>`).join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>${escapeHtml(options.name ?? 'Billing portal')}</title></head><body><main><h1>${escapeHtml(options.name ?? 'Billing portal')}</h1>` +
          `<form method="post" action="/interaction/${match[1]}/login"><label for="account">Account</label> <select id="account" name="account">${choices}</select> <button type="submit">Sign in</button></form></main></body></html>`,
      );
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      CUSTOMER_OIDC_ISSUER: issuer,
      CUSTOMER_OIDC_CLIENT_ID: clientId,
      CUSTOMER_OIDC_CLIENT_SECRET: clientSecret,
      CUSTOMER_OIDC_NAME: options.name ?? 'Billing portal',
    },
    accounts,
    signInAs(sub) {
      chosen = sub;
    },
    misbehave(next) {
      change = next;
    },
    tokenAnswers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's way through the portal, without a browser: follows redirects from the portal's
 * authorization URL, keeping the portal's cookies, until the portal sends it back to the
 * redirect URI; returns that URL (with code, state and iss).
 */
export async function followToCallback(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) throw new Error(`the portal stopped at ${url.pathname} with ${response.status}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return next;
    url = next;
  }
  throw new Error('too many redirects at the portal');
}
