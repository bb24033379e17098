import type { Configuration, ServerMetadata } from 'openid-client';
import type { CustomerOidcConfig } from '../config/config.ts';
import { loadOpenIdClient } from '../lib/lazy-imports.ts';

/** What the portal says about the customer: the claims this site uses (README, "The billing portal"). */
export interface PortalClaims {
  sub: string;
  email: string | null;
  /** True only when the portal says so (`email_verified: true`). */
  emailVerified: boolean;
  name: string | null;
}

/** The portal's metadata is read again after this long (a new signing key, a moved endpoint). */
const discoveryLifetimeMs = 60 * 60_000;
/** How long a request to the portal may take. */
const portalTimeoutSeconds = 10;

/**
 * The relying party of the billing portal, through openid-client (a certified implementation,
 * docs/decisions.md 77): discovery, the authorization URL with PKCE, state and nonce, and the
 * code exchange that verifies the ID token (signature, issuer, audience, nonce, expiry). The
 * library checks times against the app's clock (`now`), through its clock skew, so tests move
 * one clock for both.
 */
export class PortalClient {
  private readonly config: CustomerOidcConfig;
  private readonly redirectUri: string;
  private readonly now: () => number;
  private discovered: { metadata: ServerMetadata; at: number } | undefined;
  private configured: { configuration: Configuration; skew: number; at: number } | undefined;

  constructor(config: CustomerOidcConfig, publicUrl: string, now: () => number) {
    this.config = config;
    this.redirectUri = `${publicUrl}/api/account/oidc/callback`;
    this.now = now;
  }

  get callbackUrl(): string {
    return this.redirectUri;
  }

  private async metadata(): Promise<ServerMetadata> {
    if (this.discovered && Date.now() - this.discovered.at < discoveryLifetimeMs) return this.discovered.metadata;
    const client = await loadOpenIdClient();
    const found = await client.discovery(new URL(this.config.issuer), this.config.clientId, undefined, undefined, {
      execute: this.config.allowHttp ? [client.allowInsecureRequests] : [],
      timeout: portalTimeoutSeconds,
    });
    this.discovered = { metadata: found.serverMetadata(), at: Date.now() };
    this.configured = undefined;
    return this.discovered.metadata;
  }

  /** A configuration whose clock is the app's (kept while the app's clock keeps its offset). */
  private async configuration(): Promise<Configuration> {
    const metadata = await this.metadata();
    const skew = Math.round((this.now() - Date.now()) / 1000);
    if (this.configured && this.configured.skew === skew && this.configured.at === this.discovered?.at) return this.configured.configuration;
    const client = await loadOpenIdClient();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = methods.includes('client_secret_basic')
      ? client.ClientSecretBasic(this.config.clientSecret)
      : client.ClientSecretPost(this.config.clientSecret);
    const configuration = new client.Configuration(metadata, this.config.clientId, { [client.clockSkew]: skew }, auth);
    configuration.timeout = portalTimeoutSeconds;
    if (this.config.allowHttp) client.allowInsecureRequests(configuration);
    this.configured = { configuration, skew, at: this.discovered!.at };
    return configuration;
  }

  /** A new sign-in: the secrets to keep for the callback and the portal's URL to send the browser to. */
  async start(): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }> {
    const client = await loadOpenIdClient();
    const configuration = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the callback's code and verifies everything (openid-client throws on any
   * mismatch); the claims come from the ID token, completed by the UserInfo endpoint when the
   * portal keeps e-mail and name there.
   */
  async finish(query: string, expected: { state: string; nonce: string; codeVerifier: string }): Promise<PortalClaims> {
    const client = await loadOpenIdClient();
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, new URL(`${this.redirectUri}?${query}`), {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the portal sent no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
    }
    return {
      sub: idClaims.sub,
      email: typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim().slice(0, 200) : null,
    };
  }
}
