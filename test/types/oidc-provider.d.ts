/**
 * The part of oidc-provider (a devDependency with no types of its own) that the test portal
 * uses (test/helpers/oidc-portal.ts). Its documentation: the package's docs/README.md.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    path: string;
    status: number;
    body: unknown;
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: Provider;
    };
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    ttl?: Record<string, number>;
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
    ) => Promise<{ accountId: string; claims: (use: string, scope: string) => Promise<Record<string, unknown>> } | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
  }

  export class Grant {
    constructor(fields: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
