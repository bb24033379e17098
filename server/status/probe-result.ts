import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { brandName } from '../../contracts/brand.ts';

/** One probe's outcome. latency is whole milliseconds, at least 1 when answered, 0 when not. */
export interface ProbeResult {
  ok: boolean;
  latency: number;
  players?: { online: number; max: number };
  version?: string;
  /** Why it failed, for logs. */
  error?: string;
}

/**
 * What HTTP probes say they are (docs/decisions.md 48): the product and the location, so an
 * operator can tell the locations apart in their logs or allow-list them.
 */
export function probeUserAgent(location: string): string {
  return `${brandName}-Probe/1.0 (location=${location}; +/network-status)`;
}

/** Same IP, whatever the spelling (an IPv4 address seen as ::ffff:a.b.c.d included). */
function sameIp(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const plain = (ip: string) => ip.replace(/^::ffff:(?=\d+\.)/i, '').toLowerCase();
  if (plain(a) === plain(b)) return true;
  return (
    net.isIPv6(a) &&
    net.isIPv6(b) &&
    new net.SocketAddress({ address: a, family: 'ipv6' }).address === new net.SocketAddress({ address: b, family: 'ipv6' }).address
  );
}

/** Fails a connected socket that reached another address than the one that was checked. */
export function wrongPeer(socket: net.Socket, expected: string | undefined): Error | undefined {
  if (expected === undefined || sameIp(socket.remoteAddress, expected)) return undefined;
  return new Error(`connected to ${socket.remoteAddress ?? 'an unknown address'}, not the checked ${expected}`);
}

/** Milliseconds since `start` (performance.now()), at least 1. */
export const elapsed = (start: number): number => Math.max(1, Math.round(performance.now() - start));

/** A failed probe, its error in the probe's own words. */
export const failed = (error: unknown): ProbeResult => ({ ok: false, latency: 0, error: error instanceof Error ? error.message || error.name : String(error) });
