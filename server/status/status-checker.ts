import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { CheckAnswer, CheckRequest } from '../../contracts/status.ts';
import type { CheckType } from '../../contracts/status-rules.ts';
import { HttpError } from '../lib/http-error.ts';
import { addressRefusal } from './address-policy.ts';
import { splitHostPort } from './monitors-file.ts';
import type { NameResolver } from './name-resolver.ts';
import { probe, type ProbeResult } from './probes.ts';

export interface CheckerOptions {
  /** STATUS_CHECK_ALLOW_PRIVATE: private, loopback and this machine's addresses may be checked. */
  allowPrivate: boolean;
  /** Ports (inclusive ranges) a check may connect to. */
  ports: ReadonlyArray<readonly [number, number]>;
  resolver: NameResolver;
  /** Checks running at once on this instance; more are refused with 503 at once. */
  maxInFlight: number;
  /** The probe's own time limit. */
  timeoutMs?: number;
}

export const checkTimeoutMs = 5000;
export const checkRetryAfterSeconds = 5;
const defaultPorts: Record<CheckType, number | undefined> = { minecraft: 25565, tcp: undefined, http: 80 };

/** A DNS host name: letters, digits and hyphens in labels of 1-63, joined by dots, at least two labels, not all digits at the end. */
const hostName = /^(?=.{1,253}\.?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

const badAddress = (message: string): HttpError => new HttpError(400, 'invalid_address', message, { fields: { address: message } });

/**
 * The one answer for a name that cannot be checked, whether it does not resolve, takes too
 * long, or resolves to an address that is not public: which of these it was would map the
 * inside of a network, so the visitor is not told.
 */
const notCheckable = (name: string): HttpError =>
  new HttpError(400, 'address_not_checkable', nameRefusal(name), {
    fields: { address: 'Only names that resolve to public addresses can be checked.' },
  });

export function formatPorts(ports: CheckerOptions['ports']): string {
  return ports.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`)).join(', ');
}

function allowedPort(port: number, ports: CheckerOptions['ports']): boolean {
  return ports.some(([from, to]) => port >= from && port <= to);
}

/**
 * What the probe is given, built from the checked parts and checked again: the URL's host (or
 * the host:port target) must read back as the host that was checked, and the probe connects to
 * the address that was judged, never to a name it would resolve again.
 */
export function probeTarget(type: CheckType, host: string, port: number): string {
  const v6 = net.isIPv6(host);
  const bracketed = v6 ? `[${host}]` : host;
  if (type === 'http') {
    const url = new URL(`http://${bracketed}:${port}/`);
    const readBack = v6 ? url.hostname.slice(1, -1) : url.hostname;
    const same = v6
      ? net.isIPv6(readBack) && ipaddr.parse(readBack).toNormalizedString() === ipaddr.parse(host).toNormalizedString()
      : readBack === host.toLowerCase();
    if (!same || url.port !== (port === 80 ? '' : String(port)) || url.pathname !== '/' || url.username || url.search) {
      throw badAddress('That address cannot be checked.');
    }
    return url.href;
  }
  const target = `${bracketed}:${port}`;
  const back = splitHostPort(target);
  if (!back || back.host !== host || back.port !== port) throw badAddress('That address cannot be checked.');
  return target;
}

/**
 * The visitors' checker: the name is resolved once (its own resolver, with a time limit), every
 * address it resolves to is judged, and the probe connects to exactly the judged address on an
 * allowed port. A global cap on checks in flight keeps a burst from many addresses bounded.
 */
export class StatusChecker {
  private readonly options: CheckerOptions;
  private inFlight = 0;

  constructor(options: CheckerOptions) {
    this.options = options;
  }

  get running(): number {
    return this.inFlight;
  }

  async check(request: CheckRequest): Promise<CheckAnswer> {
    const { ports } = this.options;
    const type = request.type ?? 'minecraft';
    const trimmed = request.address.trim();
    const bareIpv6 = net.isIPv6(trimmed) ? { host: trimmed, port: undefined } : undefined;
    const parts = bareIpv6 ?? splitHostPort(trimmed);
    const literal = parts !== undefined && net.isIP(parts.host) !== 0;
    const name = parts !== undefined && !literal && (parts.host.toLowerCase() === 'localhost' || (hostName.test(parts.host) && !/\.\d+\.?$/.test(parts.host)));
    if (!parts || (!literal && !name)) {
      throw badAddress(
        'Enter a host name (letters, digits, hyphens and dots) or an IP address, optionally followed by :port (for example play.example.com:25565).',
      );
    }
    const port = parts.port ?? defaultPorts[type];
    if (port === undefined) throw badAddress('A TCP check needs a port: host:port.');
    if (!allowedPort(port, ports)) {
      const message = `Port ${port} cannot be checked. Allowed ports: ${formatPorts(ports)}.`;
      throw new HttpError(400, 'port_not_allowed', message, { fields: { address: message } });
    }
    if (this.inFlight >= this.options.maxInFlight) {
      throw new HttpError(503, 'busy', 'Too many checks are running right now. Please try again in a few seconds.', {
        headers: { 'retry-after': String(checkRetryAfterSeconds) },
      });
    }
    this.inFlight += 1;
    try {
      const ip = literal ? this.judgeLiteral(parts.host) : await this.resolveAndJudge(parts.host);
      const target = probeTarget(type, parts.host, port);
      const result: ProbeResult = await probe({ type, target, timeoutMs: this.options.timeoutMs ?? checkTimeoutMs, connectAddress: ip });
      return {
        ok: result.ok,
        latency: result.ok ? result.latency : 0,
        ...(result.players ? { players: result.players } : {}),
        ...(result.version ? { version: result.version } : {}),
      };
    } finally {
      this.inFlight -= 1;
    }
  }

  /** An address the visitor typed: saying why it is refused tells them nothing they did not know. */
  private judgeLiteral(ip: string): string {
    const message = literalRefusal(ip, this.options.allowPrivate);
    if (message) throw new HttpError(400, 'address_not_allowed', message, { fields: { address: 'Only public addresses can be checked.' } });
    return ip;
  }

  /** A name: every address it has must be allowed; any failure is the same answer. */
  private async resolveAndJudge(name: string): Promise<string> {
    const ip = await resolveAllowed(name, this.options.allowPrivate, this.options.resolver);
    if (ip === undefined) throw notCheckable(name);
    return ip;
  }
}

/** Why an IP address may not be reached (the checker's and the console's message), or undefined. */
export function literalRefusal(ip: string, allowPrivate: boolean): string | undefined {
  const why = addressRefusal(ip, allowPrivate);
  return why ? `${ip} is ${why}: only servers on the public internet can be checked.` : undefined;
}

/** The message for a name that cannot be reached, whatever the reason (see notCheckable). */
export function nameRefusal(name: string): string {
  return `${name} could not be checked: it must resolve to a public internet address.`;
}

/** A name's first address when every address it resolves to may be reached, else undefined. */
export async function resolveAllowed(name: string, allowPrivate: boolean, resolver: NameResolver): Promise<string | undefined> {
  const bare = name.replace(/\.$/, '').toLowerCase();
  // localhost is this machine by definition (RFC 6761), whatever a name server says.
  const isLocalhost = bare === 'localhost' || bare.endsWith('.localhost');
  const addresses = isLocalhost ? (allowPrivate ? ['127.0.0.1'] : []) : await resolver.resolve(bare);
  if (addresses.length === 0 || addresses.some((ip) => addressRefusal(ip, allowPrivate))) return undefined;
  return addresses[0]!;
}
