import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** A boolean written in an environment variable: only the words true and false are accepted. */
const booleanWord = z.enum(['true', 'false']).transform((word) => word === 'true');

const databaseUrl = z.string().refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
  message: 'must be sqlite:<file path> or postgres://user:password@host:port/db',
});

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** An IPv4 or IPv6 address, or a CIDR range of either. */
function isAddressOrRange(value: string): boolean {
  try {
    if (value.includes('/')) ipaddr.parseCIDR(value);
    else ipaddr.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The reverse proxy in front: a hop count, or its addresses. Never "trust everyone", which would
 * let any client write its own address into X-Forwarded-For (docs/decisions.md 14).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = parts.filter((p) => !isAddressOrRange(p));
    if (value === 'true' || parts.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the proxy's addresses (comma-separated, CIDR allowed) or a hop count${bad.length && value !== 'true' ? `; not an address: ${bad.join(', ')}` : ''}; "true" would let any client choose its own address`,
      });
      return z.NEVER;
    }
    return parts;
  });

/** A host name or address, with an optional port: www.example.com, 10.0.0.5:4321, [2001:db8::5]. */
function isHostEntry(value: string): boolean {
  if (/[\s/\\?#@]/.test(value)) return false;
  try {
    return new URL(`http://${value}`).host !== '';
  } catch {
    return false;
  }
}

const hostList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((hosts) => hosts.every(isHostEntry), { message: 'must be host names or addresses, each with an optional :port, comma-separated' });

/** Comma-separated ports and ranges: 80,443,25565-25575. */
const portList = z.string().transform((value, ctx): Array<[number, number]> => {
  const ranges: Array<[number, number]> = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
    const from = Number(match?.[1]);
    const to = Number(match?.[2] ?? match?.[1]);
    if (!match || from < 1 || to > 65535 || from > to) {
      ctx.addIssue({ code: 'custom', message: `must be ports or ranges like 80,443,25565-25575; not: ${part}` });
      return z.NEVER;
    }
    ranges.push([from, to]);
  }
  return ranges;
});

/** A name server as dns.Resolver#setServers takes it: 1.2.3.4, 1.2.3.4:53, ::1 or [::1]:53. */
function isNameServer(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const ipv4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(value);
  const address = bracketed?.[1] ?? ipv4?.[1] ?? value;
  const port = Number(bracketed?.[2] ?? ipv4?.[2] ?? 53);
  return ipaddr.isValid(address) && port >= 1 && port <= 65535;
}

const nameServers = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every(isNameServer), {
    message: 'must be IP addresses of name servers (IPv4 as 1.2.3.4[:port], IPv6 as [::1]:port or ::1), comma-separated',
  });

/**
 * Every environment variable the product reads (docs/decisions.md 10 and 14), with its default.
 * Parsing reports every problem at once; see loadConfig.
 */
export const envSchema = z.object({
  /** TCP port the server listens on. */
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(4321),
  /** Interface the server listens on. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** sqlite:<file path> (embedded default) or postgres://… for scale-out. */
  DATABASE_URL: databaseUrl.default('sqlite:./data/hostfront.db'),
  /** Signs and encrypts panel sessions; generated once under ./data when unset. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The reverse proxy's addresses (comma-separated, CIDR allowed) or a hop count, when one sets X-Forwarded-For / -Proto. */
  TRUST_PROXY: trustProxy.optional(),
  /** The site's public address: links in e-mails, enrolment links, the WebAuthn relying party, the allowed Host. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://www.example.com' }).optional(),
  /** More Host names the server answers to (a load balancer's health check by address): `name` or `name:port`, comma-separated. */
  ALLOWED_HOSTS: hostList.optional(),
  /** Game-server engine: the embedded local driver, or a Pterodactyl / Pelican panel. */
  PANEL_DRIVER: z.enum(['local', 'pterodactyl']).default('local'),
  /** The panel's base URL, for PANEL_DRIVER=pterodactyl. */
  PANEL_URL: httpUrl.optional(),
  /** Modrinth's API v2, which the Game Panel's "Mods & plugins" tool calls from the server (docs/modrinth.md). */
  MODRINTH_API_URL: httpUrl.default('https://api.modrinth.com/v2'),
  /**
   * A Pterodactyl / Pelican application API key (`ptla_…`/`papp_…`, read users and servers):
   * finds a signed-in customer's panel user and servers. Server side only.
   */
  PANEL_APPLICATION_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be the application API key as the panel shows it')
    .optional(),
  /**
   * The client API key (`ptlc_…`/`pacc_…`) of the provider's admin account on the panel: controls
   * the servers of signed-in customers and their subusers. Server side only.
   */
  PANEL_CLIENT_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be the client API key as the panel shows it')
    .optional(),
  /** The billing portal's page where a customer pays: linked from a server suspended for an unpaid invoice. */
  BILLING_PORTAL_URL: httpUrl.optional(),
  /** JSON file of local game servers; the demo file under ./data when unset. */
  LOCAL_SERVERS_FILE: z.string().min(1).optional(),
  /**
   * Folder that holds the local game servers' folders (a relative `cwd` in the servers file, and
   * the demo's, is taken from here). Run as root, it is made root's and 0711. Unset: beside the
   * servers file, unless the app's folder does not let others through (a checkout under /root):
   * then /var/lib/hostfront/servers.
   */
  GAME_SERVERS_DIR: z.string().min(1).optional(),
  /** Where the site is rebuilt for a published catalog (docs/decisions.md 97); default ./data/site-builds. */
  SITE_BUILDS_DIR: z.string().min(1).optional(),
  /** Port of the demo Minecraft server. */
  DEMO_MC_PORT: z.coerce.number({ error: 'must be a number' }).int().min(1).max(65535).default(25565),
  /** Interface the demo Minecraft server listens on; HOST when unset. */
  DEMO_MC_HOST: z.string().min(1).optional(),
  /** JSON file of status monitors (relative paths from the working directory); the project's config/monitors.json when unset. */
  MONITORS_FILE: z.string().min(1).optional(),
  /** Let the public status checker reach private, loopback and link-local addresses. */
  STATUS_CHECK_ALLOW_PRIVATE: booleanWord.default(false),
  /** Let admins' monitors and alert channels reach private, loopback and link-local addresses (a provider's internal nodes). */
  STAFF_TARGETS_ALLOW_PRIVATE: booleanWord.default(false),
  /** Where this site's own prober counts as: `site` (none of the locations), or the location it runs at. */
  STATUS_PROBER_LOCATION: z.enum(['site', 'delhi-ncr', 'singapore', 'frankfurt'], { error: 'must be site, delhi-ncr, singapore or frankfurt' }).default('site'),
  /** `location`: the own prober is one more location beside agents; `standby`: it probes only while no agent reports. */
  STATUS_PROBER: z.enum(['location', 'standby'], { error: 'must be location or standby' }).default('location'),
  /** Origins of the probe agents' ping endpoints (comma-separated), which pages may reach (the CSP's connect-src). */
  STATUS_PING_ORIGINS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const origins = (text ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const o of origins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(o);
        } catch {}
        if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== o.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `"${o}" is not an origin such as https://sg-probe.example.com` });
          return z.NEVER;
        }
      }
      return origins.map((o) => new URL(o).origin);
    }),
  /** Ports the public checker may connect to (ports and ranges, comma-separated). */
  STATUS_CHECK_PORTS: portList.optional(),
  /** Name servers the public checker asks (IP[:port], comma-separated); the system's when unset. */
  STATUS_CHECK_DNS_SERVERS: nameServers.optional(),
  /** Live status streams one client address may hold open (tabs, or a whole office behind one address). */
  STATUS_STREAMS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(50),
  /** Live status streams open in all on this instance. */
  STATUS_STREAMS_TOTAL: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10_000),
  /** Chat webhook (Discord format) that receives contact messages. */
  CONTACT_WEBHOOK_URL: httpUrl.optional(),
  /** smtp(s)://user:password@host:port: e-mail delivery of contact messages (with CONTACT_EMAIL_TO) and of status notifications. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Where contact messages are e-mailed. */
  CONTACT_EMAIL_TO: z.email({ error: 'must be an e-mail address' }).optional(),
  /** The sender of status notification mail (sent through SMTP_URL); status@<PUBLIC_URL's host> when unset. */
  STATUS_MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
  /** Days a delivered (or stored-only) contact message is kept; 0 keeps them all. */
  CONTACT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(365),
  /** The sender address of the support desk's mail to visitors (replies they have not seen, transcripts). */
  SUPPORT_MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
  /** Seconds after which a staff reply the visitor has not seen is mailed to them. */
  SUPPORT_REPLY_MAIL_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(86_400).default(120),
  /** Minutes after which a new conversation no person answered is announced to the team. */
  SUPPORT_UNANSWERED_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1440).default(5),
  /** How often the support desk looks for replies to mail and chats nobody answered. */
  SUPPORT_JOB_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(15),
  /** Conversations in 90 days before the home page's support figures are called measured. */
  SUPPORT_FIGURES_THRESHOLD: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  /** The sender of customers' sign-in links (sent through SMTP_URL); account@<PUBLIC_URL's host> when unset. */
  CUSTOMER_MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
  /** The billing portal as OpenID Connect provider (its issuer URL): customers sign in through it. */
  CUSTOMER_OIDC_ISSUER: httpUrl.optional(),
  /** The client id the portal gave this site. */
  CUSTOMER_OIDC_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  /** The client secret the portal gave this site (never logged, never sent to browsers). */
  CUSTOMER_OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  /** The portal's name on the button: "Sign in with NAME"; the issuer's host name when unset. */
  CUSTOMER_OIDC_NAME: z.string().trim().min(1).max(60).optional(),
  /** Where the header's Register goes (the portal's sign-up page); the issuer's address when unset. */
  CUSTOMER_OIDC_REGISTER_URL: httpUrl.optional(),
  /** Days panel and staff actions are kept in the audit log; 0 keeps them all. */
  AUDIT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(365),
  /** Bearer token for GET /metrics; without it only loopback may read them. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often stock is measured (docs/decisions.md 102): one instance per interval. */
  STOCK_REFRESH_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(5).max(86_400).default(60),
  /** Local driver: the most memory (MiB) this machine gives new game servers, below what is free. */
  STOCK_LOCAL_MEMORY_MB: z.coerce.number({ error: 'must be a number' }).int().min(0).optional(),
  /** Local driver: the most disk (MiB) this machine gives new game servers, below what is free in the servers' folder. */
  STOCK_LOCAL_DISK_MB: z.coerce.number({ error: 'must be a number' }).int().min(0).optional(),
  /** Local driver: the location ids this machine serves (comma-separated); every location when unset. */
  STOCK_LOCAL_LOCATIONS: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be location ids separated by commas, such as delhi-ncr,singapore')
    .transform((v) => v.split(','))
    .optional(),
  /** Pterodactyl / Pelican: our location id = the panel location's short code, comma-separated, where they differ. */
  STOCK_PANEL_LOCATIONS: z
    .string()
    .regex(/^[a-z0-9-]+=[^,=\s]+(,[a-z0-9-]+=[^,=\s]+)*$/, 'must be pairs such as singapore=sg1,frankfurt=de-fra')
    .transform((v) => Object.fromEntries(v.split(',').map((pair) => pair.split('=') as [string, string])))
    .optional(),
  /** The sender of "tell me when it is back" mail. */
  STOCK_MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
});

export type Env = z.infer<typeof envSchema>;
