import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { elapsed, failed, type ProbeResult, probeUserAgent, wrongPeer } from '../probe-result.ts';
import { defineMonitorType } from './monitor-type.ts';

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

/** An HTTP(S) GET of a URL. */
export const httpMonitor = defineMonitorType({
  type: 'http',
  label: 'HTTP(S) request',
  targetHint: 'An http:// or https:// URL; up on a 2xx or 3xx answer.',
  settings: z.strictObject({}),
  targetProblem(target) {
    try {
      const url = new URL(target);
      return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'must be an http:// or https:// URL';
    } catch {
      return 'must be an http:// or https:// URL';
    }
  },
  hostsOf(target) {
    try {
      const host = new URL(target).hostname;
      return [host.startsWith('[') ? host.slice(1, -1) : host];
    } catch {
      return [];
    }
  },
  check: ({ target, timeoutMs, connectAddress, userAgent }) => probeHttp(target, timeoutMs, connectAddress, userAgent),
});
