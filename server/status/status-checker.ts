import dns from 'node:dns/promises';
import net from 'node:net';
import type { CheckAnswer, CheckRequest } from '../../contracts/status.ts';
import type { CheckType } from '../../contracts/status-rules.ts';
import { HttpError } from '../lib/http-error.ts';
import { addressRange } from './address-policy.ts';
import { splitHostPort } from './monitors-file.ts';
import { probe, type ProbeResult } from './probes.ts';

export const checkTimeoutMs = 5000;
const defaultPorts: Record<CheckType, number | undefined> = { minecraft: 25565, tcp: undefined, http: 80 };

const badAddress = (message: string): HttpError => new HttpError(400, 'invalid_address', message, { fields: { address: message } });

/**
 * Checks a visitor's server: the name is resolved once, the address it resolves to is checked
 * against the allowed ranges, and the probe connects to exactly that address (no second lookup
 * for a rebinding name to change). Refused targets are a 400 the visitor can read.
 */
export async function checkAddress(request: CheckRequest, options: { allowPrivate: boolean; timeoutMs?: number }): Promise<CheckAnswer> {
  const type = request.type ?? 'minecraft';
  const trimmed = request.address.trim();
  const bareIpv6 = net.isIPv6(trimmed) ? { host: trimmed, port: undefined } : undefined;
  const parts = bareIpv6 ?? splitHostPort(trimmed);
  if (!parts || parts.host.length > 253) throw badAddress('Enter a host name or IP address, optionally followed by :port (for example play.example.com:25565).');
  const port = parts.port ?? defaultPorts[type];
  if (port === undefined) throw badAddress('A TCP check needs a port: host:port.');

  let ip: string;
  if (net.isIP(parts.host)) {
    ip = parts.host;
  } else {
    try {
      const found = await dns.lookup(parts.host, { all: true, verbatim: true });
      if (found.length === 0) throw new Error('no address');
      ip = found[0]!.address;
    } catch {
      throw badAddress(`The name ${parts.host} could not be resolved.`);
    }
  }
  const { allowed, range } = addressRange(ip);
  if (!allowed && !options.allowPrivate) {
    throw new HttpError(
      400,
      'address_not_allowed',
      `${parts.host === ip ? ip : `${parts.host} (${ip})`} is a ${range} address: only servers on the public internet can be checked.`,
      { fields: { address: 'Only public addresses can be checked.' } },
    );
  }
  const hostForUrl = net.isIPv6(parts.host) ? `[${parts.host}]` : parts.host;
  const target = type === 'http' ? `http://${hostForUrl}:${port}/` : `${hostForUrl}:${port}`;
  const result: ProbeResult = await probe({ type, target, timeoutMs: options.timeoutMs ?? checkTimeoutMs, connectAddress: ip });
  return {
    ok: result.ok,
    latency: result.ok ? result.latency : 0,
    ...(result.players ? { players: result.players } : {}),
    ...(result.version ? { version: result.version } : {}),
  };
}
