import net from 'node:net';
import { addressRefusal } from '../status/address-policy.ts';
import type { NameResolver } from '../status/name-resolver.ts';

/** The public checker's policy, applied to webhook URLs (server/status/status-checker.ts). */
export interface WebhookPolicy {
  /** STATUS_CHECK_ALLOW_PRIVATE: private, loopback and this machine's addresses, and plain http, are allowed. */
  allowPrivate: boolean;
  /** STATUS_CHECK_PORTS: the ports a connection may go to. */
  ports: ReadonlyArray<readonly [number, number]>;
  resolver: NameResolver;
}

/** Where a webhook may be sent: the URL, and the one address that was judged and must be connected to. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** A refusal, with the sentence the form shows at the address field. */
export class WebhookRefused extends Error {
  readonly field: string;
  constructor(field: string) {
    super(field);
    this.name = 'WebhookRefused';
    this.field = field;
  }
}

/** A DNS host name, as the checker accepts them: labels of letters, digits and hyphens, at least two, not ending in digits. */
const hostName = /^(?=.{1,253}\.?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

/**
 * Whether the webhook may be called, and at which address: the URL must be https (http only
 * where private targets are allowed), on an allowed port, and its host must be a public
 * address or a name whose every address is public unicast and not this machine's. Whether a
 * name does not resolve or resolves somewhere private gets one answer: which it was would map
 * the inside of a network. Called when subscribing and again before every delivery, which then
 * connects to exactly the address returned here, so a name re-pointed inside (DNS rebinding)
 * reaches nothing.
 */
export async function judgeWebhook(address: string, policy: WebhookPolicy): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebhookRefused('Enter the webhook’s full address, starting with https://.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivate)) {
    throw new WebhookRefused('Use the webhook’s https:// address: a webhook address is a password and must not travel unencrypted.');
  }
  if (url.username || url.password) throw new WebhookRefused('A webhook address must not contain a user name or password.');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!policy.ports.some(([from, to]) => port >= from && port <= to)) {
    throw new WebhookRefused(`Port ${port} cannot be used for a webhook here.`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = new WebhookRefused('This webhook address cannot be used: its host must resolve to a public internet address.');
  if (net.isIP(host)) {
    if (!allowed(host, policy.allowPrivate)) throw refused;
    return { url, address: host, family: net.isIPv6(host) ? 6 : 4 };
  }
  const bare = host.replace(/\.$/, '').toLowerCase();
  // localhost is this machine by definition (RFC 6761), whatever a name server says.
  const isLocalhost = bare === 'localhost' || bare.endsWith('.localhost');
  if (!isLocalhost && (!hostName.test(bare) || /\.\d+$/.test(bare))) throw refused;
  const addresses = isLocalhost ? (policy.allowPrivate ? ['127.0.0.1'] : []) : await policy.resolver.resolve(bare);
  if (addresses.length === 0 || addresses.some((ip) => !allowed(ip, policy.allowPrivate))) throw refused;
  const chosen = addresses[0]!;
  return { url, address: chosen, family: net.isIPv6(chosen) ? 6 : 4 };
}

function allowed(ip: string, allowPrivate: boolean): boolean {
  return addressRefusal(ip, allowPrivate) === undefined;
}
