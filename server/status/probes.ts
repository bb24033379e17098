import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { brandName } from '../../contracts/brand.ts';
import { pingMinecraft } from '../lib/minecraft-ping.ts';
import { splitHostPort, type MonitorType } from './monitors-file.ts';

/** One probe's outcome. latency is whole milliseconds, at least 1 when answered, 0 when not. */
export interface ProbeResult {
  ok: boolean;
  latency: number;
  players?: { online: number; max: number };
  version?: string;
  /** Why it failed, for logs. */
  error?: string;
}

export interface ProbeOptions {
  type: MonitorType;
  /** host:port (tcp, minecraft) or a URL (http). */
  target: string;
  timeoutMs: number;
  /**
   * Connect to this IP instead of resolving the target's host name again (the public checker
   * resolves once, checks the address, then connects to exactly that address).
   */
  connectAddress?: string;
  /** HTTP probes' User-Agent (probeUserAgent): names the product and the location. */
  userAgent?: string;
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
function wrongPeer(socket: net.Socket, expected: string | undefined): Error | undefined {
  if (expected === undefined || sameIp(socket.remoteAddress, expected)) return undefined;
  return new Error(`connected to ${socket.remoteAddress ?? 'an unknown address'}, not the checked ${expected}`);
}

const elapsed = (start: number): number => Math.max(1, Math.round(performance.now() - start));

const failed = (error: unknown): ProbeResult => ({ ok: false, latency: 0, error: error instanceof Error ? error.message || error.name : String(error) });

/** TCP: the time to a completed connect. */
export function probeTcp(host: string, port: number, timeoutMs: number, expectAddress?: string): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const start = performance.now();
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => finish(failed(new Error(`no connection within ${timeoutMs} ms`))), timeoutMs);
    function finish(result: ProbeResult): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    }
    socket.once('connect', () => {
      const wrong = wrongPeer(socket, expectAddress);
      finish(wrong ? failed(wrong) : { ok: true, latency: elapsed(start) });
    });
    socket.once('error', (error) => finish(failed(error)));
  });
}

/** HTTP(S) GET: up on 2xx or 3xx (redirects are not followed); latency to the response head. */
export function probeHttp(url: string, timeoutMs: number, connectAddress?: string, userAgent = probeUserAgent('site')): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const lookup: LookupFunction | undefined = connectAddress
      ? (_host, options, callback) => {
          const family = net.isIP(connectAddress);
          if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: connectAddress, family }]);
          else callback(null, connectAddress, family);
        }
      : undefined;
    const start = performance.now();
    let settled = false;
    const request = client.request(target, {
      method: 'GET',
      agent: false,
      lookup,
      headers: { 'user-agent': userAgent, accept: '*/*' },
    });
    const timer = setTimeout(() => finish(failed(new Error(`no response within ${timeoutMs} ms`))), timeoutMs);
    request.once('socket', (socket: net.Socket) => {
      socket.once('connect', () => {
        const wrong = wrongPeer(socket, connectAddress);
        if (wrong) finish(failed(wrong));
      });
    });
    function finish(result: ProbeResult): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    }
    request.once('response', (response) => {
      const latency = elapsed(start);
      const status = response.statusCode ?? 0;
      response.resume();
      finish(status >= 200 && status < 400 ? { ok: true, latency } : failed(new Error(`HTTP ${status}`)));
    });
    request.once('error', (error) => finish(failed(error)));
    request.end();
  });
}

/**
 * Minecraft Server List Ping (the shared exchange of server/lib/minecraft-ping.ts): latency of
 * the ping/pong exchange, players online and max, and the version name. The socket must reach
 * the checked address.
 */
export async function probeMinecraft(host: string, port: number, timeoutMs: number, connectAddress?: string): Promise<ProbeResult> {
  const outcome = await pingMinecraft(host, port, timeoutMs, { connectAddress, onConnect: (socket) => wrongPeer(socket, connectAddress) });
  if (!outcome.ok) return failed(new Error(outcome.reason));
  const { latency, players, version } = outcome.status;
  if (latency === undefined) return failed(new Error('the server sent its status but never answered the ping'));
  return { ok: true, latency, ...(players ? { players } : {}), ...(version ? { version } : {}) };
}

/** Runs the probe a monitor (or a visitor's check) asks for. */
export function probe(options: ProbeOptions): Promise<ProbeResult> {
  if (options.type === 'http') return probeHttp(options.target, options.timeoutMs, options.connectAddress, options.userAgent);
  const parts = splitHostPort(options.target);
  if (!parts) return Promise.resolve(failed(new Error(`bad target ${options.target}`)));
  if (options.type === 'minecraft') {
    return probeMinecraft(parts.host, parts.port ?? 25565, options.timeoutMs, options.connectAddress);
  }
  if (parts.port === undefined) return Promise.resolve(failed(new Error('a TCP target needs a port')));
  return probeTcp(options.connectAddress ?? parts.host, parts.port, options.timeoutMs, options.connectAddress);
}
