import path from 'node:path';
import { type Env, envSchema } from './env-schema.ts';
import { loadOrCreateSessionSecret, SessionSecretError } from './session-secret.ts';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxy's addresses and ranges. */
  trustProxy: false | number | string[];
  /** The site's public origin, without a trailing slash (scheme://host[:port]). */
  publicUrl: string;
  /** ALLOWED_HOSTS: Host names answered besides PUBLIC_URL's (and loopback's when listening there). */
  allowedHosts: string[];
  /** Timeouts and the connection cap of the HTTP server (see httpLimitsFor). */
  http: HttpLimits;
  /** Holds the SQLite file, the generated session secret and the demo servers file. */
  dataDir: string;
  /** The built site (Astro's dist/). */
  siteDir: string;
  /** SITE_BUILDS_DIR: the site's rebuilds for published catalogs (docs/decisions.md 97). */
  siteBuildsDir: string;
  sessionSecret: string;
  panel: {
    driver: 'local' | 'pterodactyl';
    url: string | undefined;
    /** PANEL_APPLICATION_KEY: finds customers' panel users and servers (docs/decisions.md 79). */
    applicationKey: string | undefined;
    /** PANEL_CLIENT_KEY: the provider's admin client key, for customers' servers and subusers (docs/decisions.md 79). */
    clientKey: string | undefined;
    /** BILLING_PORTAL_URL: where a suspended server's invoice is paid. */
    portalUrl: string | undefined;
    localServersFile: string | undefined;
    /** GAME_SERVERS_DIR, absolute; undefined when unset. */
    gameServersDir: string | undefined;
    demoMcPort: number;
    /** Where the demo Minecraft server listens: DEMO_MC_HOST, else HOST. */
    demoMcHost: string;
  };
  status: {
    monitorsFile: string;
    /** The public checker and visitors' subscriptions may reach private addresses (STATUS_CHECK_ALLOW_PRIVATE). */
    allowPrivate: boolean;
    /** Admins' monitors and alert channels (trusted configuration) may reach private addresses (STAFF_TARGETS_ALLOW_PRIVATE). */
    staffTargetsAllowPrivate: boolean;
    /** Ports (inclusive ranges) the public checker may connect to. */
    checkPorts: Array<[number, number]>;
    /** Name servers of the checker's own resolver; undefined: the system's. */
    dnsServers: string[] | undefined;
    /** The checker's name look-up gives up after this. */
    dnsTimeoutMs: number;
    /** Checks running at once on this instance; more get 503. */
    checksInFlight: number;
    streamsPerAddress: number;
    streamsTotal: number;
    /** This site's own prober (docs/decisions.md 47): the location it counts as, and whether it steps aside while agents report. */
    prober: { location: string; mode: 'location' | 'standby' };
    /** STATUS_PING_ORIGINS: the agents' ping endpoints' origins, allowed by the CSP's connect-src. */
    pingOrigins: string[];
  };
  contact: { webhookUrl: string | undefined; smtpUrl: string | undefined; emailTo: string | undefined; retentionDays: number };
  /** Status subscriptions: e-mail goes through SMTP_URL (none: webhooks only) from this sender. */
  subscriptions: { smtpUrl: string | undefined; mailFrom: string };
  audit: { retentionDays: number };
  /** Customer accounts (docs/decisions.md 75-78): sign-in links by mail (through SMTP_URL) and the billing portal. */
  accounts: { smtpUrl: string | undefined; mailFrom: string; oidc: CustomerOidcConfig | undefined };
  /** The support desk (docs/decisions.md 42): its mail (through SMTP_URL), its timers and the figures' threshold. */
  support: { mailFrom: string; replyMailAfterMs: number; unansweredAfterMs: number; jobEveryMs: number; figuresThreshold: number };
  metrics: { token: string | undefined };
  /** MODRINTH_API_URL without a trailing slash (docs/modrinth.md). */
  modrinth: { apiUrl: string };
  /** Stock (docs/decisions.md 101-103): the round's interval, this machine's limits and locations, the panel's location codes, the mail's sender. */
  stock: {
    refreshMs: number;
    localMemoryMb: number | undefined;
    localDiskMb: number | undefined;
    localLocations: string[] | undefined;
    panelLocations: Record<string, string>;
    smtpUrl: string | undefined;
    mailFrom: string;
  };
}

/** The billing portal as OpenID Connect provider (CUSTOMER_OIDC_*). */
export interface CustomerOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The portal's name on the button. */
  name: string;
  /** The header's Register link. */
  registerUrl: string;
  /** Plain HTTP is allowed only for an issuer on this machine (a portal on loopback, tests). */
  allowHttp: boolean;
}

export interface HttpLimits {
  /** All of a request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** A connection with no traffic either way is closed after this (not the live streams, which send a heartbeat and opt out). */
  idleTimeoutMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: number;
  /** How often the server looks for requests past their time. */
  checkIntervalMs: number;
  /** Connections open at once; more are closed on arrival. */
  maxConnections: number;
  /**
   * Connections the kernel holds for the server until it accepts them (the listen backlog; the
   * kernel caps it at net.core.somaxconn). Node's default, 511, fills within a fraction of a second
   * of an outage's rush, and a connection that finds it full waits 1, 3, 7... s for its retry
   * (docs/decisions.md 59).
   */
  listenBacklog: number;
}

/**
 * The checker's default port policy: web servers (80, 443, 8080, 8443) and the ports game
 * servers listen on: Minecraft Java 25565-25575, Source/Steam 27015-27030, Terraria 7777-7778,
 * Rust 28015-28016, FiveM 30120. See the README's Security section.
 */
export const defaultCheckPorts: Array<[number, number]> = [
  [80, 80],
  [443, 443],
  [7777, 7778],
  [8080, 8080],
  [8443, 8443],
  [25565, 25575],
  [27015, 27030],
  [28015, 28016],
  [30120, 30120],
];

/**
 * Slow clients cannot hold sockets for ever: headers within 10 s, a whole request within 30 s,
 * 60 s without traffic. Connections are capped above the live streams' own cap, so streams
 * fill up (and get their clear 503) before the door closes on everyone else.
 */
export function httpLimitsFor(streamsTotal: number): HttpLimits {
  return {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    idleTimeoutMs: 60_000,
    keepAliveTimeoutMs: 10_000,
    checkIntervalMs: 2_000,
    maxConnections: streamsTotal + 1_000,
    listenBacklog: 4096,
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Host names and addresses that mean "this machine only". */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * PUBLIC_URL as an origin, or its default: http://localhost:PORT when the server listens on
 * loopback (WebAuthn needs a host name, not an address), else http://HOST:PORT.
 */
export function publicUrlFor(publicUrl: string | undefined, host: string, port: number): string {
  if (publicUrl) return new URL(publicUrl).origin;
  if (isLoopbackHost(host)) return `http://localhost:${port}`;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`).origin;
}

/** STATUS_MAIL_FROM's default: status@ the public address's host (status@localhost for an address given by number); SUPPORT_MAIL_FROM's: support@. */
export function defaultMailFrom(publicUrl: string, local = 'status'): string {
  const host = new URL(publicUrl).hostname;
  return `${local}@${/[a-z]/i.test(host) && !host.includes(':') ? host : 'localhost'}`;
}

const oidcNames = ['CUSTOMER_OIDC_ISSUER', 'CUSTOMER_OIDC_CLIENT_ID', 'CUSTOMER_OIDC_CLIENT_SECRET'] as const;

/** The portal's settings come together or not at all; its issuer speaks HTTPS unless it is on this machine. */
function customerOidcProblems(e: Env): string[] {
  const set = oidcNames.filter((name) => e[name] !== undefined);
  const problems: string[] = [];
  if (set.length > 0 && set.length < oidcNames.length) {
    for (const name of oidcNames.filter((n) => e[n] === undefined))
      problems.push(`${name}: required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set`);
  }
  if (e.CUSTOMER_OIDC_ISSUER && !customerOidcHttpAllowed(e.CUSTOMER_OIDC_ISSUER) && !e.CUSTOMER_OIDC_ISSUER.startsWith('https:')) {
    problems.push('CUSTOMER_OIDC_ISSUER: must be an https:// URL (plain http only for a portal on this machine)');
  }
  for (const name of ['CUSTOMER_OIDC_NAME', 'CUSTOMER_OIDC_REGISTER_URL'] as const) {
    if (e[name] !== undefined && !e.CUSTOMER_OIDC_ISSUER) problems.push(`${name}: has no effect without CUSTOMER_OIDC_ISSUER`);
  }
  return problems;
}

function customerOidcHttpAllowed(issuer: string): boolean {
  return isLoopbackHost(new URL(issuer).hostname);
}

function customerOidcOf(e: Env): CustomerOidcConfig | undefined {
  if (!e.CUSTOMER_OIDC_ISSUER || !e.CUSTOMER_OIDC_CLIENT_ID || !e.CUSTOMER_OIDC_CLIENT_SECRET) return undefined;
  // As given: the issuer is an identifier compared character for character with the portal's.
  const issuer = e.CUSTOMER_OIDC_ISSUER;
  return {
    issuer,
    clientId: e.CUSTOMER_OIDC_CLIENT_ID,
    clientSecret: e.CUSTOMER_OIDC_CLIENT_SECRET,
    name: e.CUSTOMER_OIDC_NAME ?? new URL(issuer).hostname,
    registerUrl: e.CUSTOMER_OIDC_REGISTER_URL ?? new URL(issuer).origin,
    allowHttp: customerOidcHttpAllowed(issuer),
  };
}

const projectRoot = path.resolve(import.meta.dirname, '../..');

type EnvInput = Record<string, string | undefined>;

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(env: EnvInput): EnvInput {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

/** Reads and checks every variable, reporting all problems in one error. */
export function loadConfig(env: EnvInput = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (parsed.success) {
    const e = parsed.data;
    if (e.PANEL_DRIVER === 'pterodactyl' && !e.PANEL_URL) problems.push('PANEL_URL: required when PANEL_DRIVER=pterodactyl');
    if (e.CONTACT_EMAIL_TO && !e.SMTP_URL) problems.push('SMTP_URL: required when CONTACT_EMAIL_TO is set');
    problems.push(...customerOidcProblems(e));
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve('data');
  let sessionSecret = e.SESSION_SECRET;
  try {
    sessionSecret ??= loadOrCreateSessionSecret(dataDir);
  } catch (error) {
    if (error instanceof SessionSecretError) throw new ConfigError([error.message]);
    throw error;
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    publicUrl: publicUrlFor(e.PUBLIC_URL, e.HOST, e.PORT),
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    http: httpLimitsFor(e.STATUS_STREAMS_TOTAL),
    dataDir,
    siteDir: path.join(projectRoot, 'dist'),
    siteBuildsDir: path.resolve(e.SITE_BUILDS_DIR ?? path.join(dataDir, 'site-builds')),
    sessionSecret,
    panel: {
      driver: e.PANEL_DRIVER,
      url: e.PANEL_URL?.replace(/\/+$/, ''),
      applicationKey: e.PANEL_APPLICATION_KEY,
      clientKey: e.PANEL_CLIENT_KEY,
      portalUrl: e.BILLING_PORTAL_URL,
      localServersFile: e.LOCAL_SERVERS_FILE,
      gameServersDir: e.GAME_SERVERS_DIR ? path.resolve(e.GAME_SERVERS_DIR) : undefined,
      demoMcPort: e.DEMO_MC_PORT,
      demoMcHost: e.DEMO_MC_HOST ?? e.HOST,
    },
    status: {
      monitorsFile: e.MONITORS_FILE ? path.resolve(e.MONITORS_FILE) : path.join(projectRoot, 'config', 'monitors.json'),
      allowPrivate: e.STATUS_CHECK_ALLOW_PRIVATE,
      staffTargetsAllowPrivate: e.STAFF_TARGETS_ALLOW_PRIVATE,
      checkPorts: e.STATUS_CHECK_PORTS ?? defaultCheckPorts,
      dnsServers: e.STATUS_CHECK_DNS_SERVERS,
      dnsTimeoutMs: 3000,
      checksInFlight: 16,
      streamsPerAddress: e.STATUS_STREAMS_PER_ADDRESS,
      streamsTotal: e.STATUS_STREAMS_TOTAL,
      prober: { location: e.STATUS_PROBER_LOCATION, mode: e.STATUS_PROBER },
      pingOrigins: e.STATUS_PING_ORIGINS,
    },
    contact: { webhookUrl: e.CONTACT_WEBHOOK_URL, smtpUrl: e.SMTP_URL, emailTo: e.CONTACT_EMAIL_TO, retentionDays: e.CONTACT_RETENTION_DAYS },
    subscriptions: { smtpUrl: e.SMTP_URL, mailFrom: e.STATUS_MAIL_FROM ?? defaultMailFrom(publicUrlFor(e.PUBLIC_URL, e.HOST, e.PORT)) },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    accounts: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.CUSTOMER_MAIL_FROM ?? defaultMailFrom(publicUrlFor(e.PUBLIC_URL, e.HOST, e.PORT), 'account'),
      oidc: customerOidcOf(e),
    },
    support: {
      mailFrom: e.SUPPORT_MAIL_FROM ?? defaultMailFrom(publicUrlFor(e.PUBLIC_URL, e.HOST, e.PORT), 'support'),
      replyMailAfterMs: e.SUPPORT_REPLY_MAIL_SECONDS * 1000,
      unansweredAfterMs: e.SUPPORT_UNANSWERED_MINUTES * 60_000,
      jobEveryMs: e.SUPPORT_JOB_SECONDS * 1000,
      figuresThreshold: e.SUPPORT_FIGURES_THRESHOLD,
    },
    metrics: { token: e.METRICS_TOKEN },
    modrinth: { apiUrl: e.MODRINTH_API_URL.replace(/\/+$/, '') },
    stock: {
      refreshMs: e.STOCK_REFRESH_SECONDS * 1000,
      localMemoryMb: e.STOCK_LOCAL_MEMORY_MB,
      localDiskMb: e.STOCK_LOCAL_DISK_MB,
      localLocations: e.STOCK_LOCAL_LOCATIONS,
      panelLocations: e.STOCK_PANEL_LOCATIONS ?? {},
      smtpUrl: e.SMTP_URL,
      mailFrom: e.STOCK_MAIL_FROM ?? defaultMailFrom(publicUrlFor(e.PUBLIC_URL, e.HOST, e.PORT), 'stock'),
    },
  };
}
