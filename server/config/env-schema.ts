import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** A boolean written in an environment variable: only the words true and false are accepted. */
const booleanWord = z.enum(['true', 'false']).transform((word) => word === 'true');

const databaseUrl = z
  .string()
  .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
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
    const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
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

/**
 * Every environment variable the product reads (docs/decisions.md 10), with its default.
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
  /** Game-server engine: the embedded local driver, or a Pterodactyl / Pelican panel. */
  PANEL_DRIVER: z.enum(['local', 'pterodactyl']).default('local'),
  /** The panel's base URL, for PANEL_DRIVER=pterodactyl. */
  PANEL_URL: httpUrl.optional(),
  /** JSON file of local game servers; the demo file under ./data when unset. */
  LOCAL_SERVERS_FILE: z.string().min(1).optional(),
  /** Port of the demo Minecraft server. */
  DEMO_MC_PORT: z.coerce.number({ error: 'must be a number' }).int().min(1).max(65535).default(25565),
  /** JSON file of status monitors (relative paths from the working directory); the project's config/monitors.json when unset. */
  MONITORS_FILE: z.string().min(1).optional(),
  /** Let the public status checker reach private, loopback and link-local addresses. */
  STATUS_CHECK_ALLOW_PRIVATE: booleanWord.default(false),
  /** Live status streams one client address may hold open (tabs, or a whole office behind one address). */
  STATUS_STREAMS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(50),
  /** Live status streams open in all on this instance. */
  STATUS_STREAMS_TOTAL: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10_000),
  /** Chat webhook (Discord format) that receives contact messages. */
  CONTACT_WEBHOOK_URL: httpUrl.optional(),
  /** smtp(s)://user:password@host:port for e-mail delivery of contact messages. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Where contact messages are e-mailed. */
  CONTACT_EMAIL_TO: z.email({ error: 'must be an e-mail address' }).optional(),
  /** Days a delivered (or stored-only) contact message is kept; 0 keeps them all. */
  CONTACT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(365),
  /** Days panel and staff actions are kept in the audit log; 0 keeps them all. */
  AUDIT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(365),
  /** Bearer token for GET /metrics; without it only loopback may read them. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;
