import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the peer at hop `hop` (0 = the socket's) is a proxy we trust; what Fastify's trustProxy takes. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** TRUST_PROXY as Fastify reads it: a hop count trusts that many nearest peers; addresses are compiled once. */
export function proxyTrust(trustProxy: false | number | string[]): ProxyTrust | undefined {
  if (trustProxy === false) return undefined;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy);
}

/**
 * The protocol of a raw request exactly as Fastify's `request.protocol` gives it: the last
 * X-Forwarded-Proto entry when the socket's peer is a trusted proxy, else the socket's own.
 * For code that answers before Fastify builds a request (server/plugins/static-fast-path.ts).
 */
export function requestProtocol(req: IncomingMessage, trust: ProxyTrust | undefined): string {
  const forwarded = req.headers['x-forwarded-proto'];
  if (forwarded && trust && req.socket.remoteAddress !== undefined && trust(req.socket.remoteAddress, 0)) {
    const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    const last = value.lastIndexOf(',');
    return last === -1 ? value.trim() : value.slice(last + 1).trim();
  }
  return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
}
