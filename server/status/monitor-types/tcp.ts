import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { splitHostPort } from '../../lib/host-port.ts';
import { elapsed, failed, type ProbeResult, wrongPeer } from '../probe-result.ts';
import { defineMonitorType } from './monitor-type.ts';

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

/** A TCP connect to host:port. */
export const tcpMonitor = defineMonitorType({
  type: 'tcp',
  label: 'TCP connect',
  targetHint: 'host:port, such as game1.example.com:25565.',
  settings: z.strictObject({}),
  targetProblem(target) {
    const parts = splitHostPort(target);
    if (!parts) return 'must be host:port';
    return parts.port === undefined ? 'must be host:port (a TCP monitor needs a port)' : undefined;
  },
  hostsOf: (target) => {
    const host = splitHostPort(target)?.host;
    return host === undefined ? [] : [host];
  },
  check({ target, timeoutMs, connectAddress }) {
    const parts = splitHostPort(target);
    if (!parts) return Promise.resolve(failed(new Error(`bad target ${target}`)));
    if (parts.port === undefined) return Promise.resolve(failed(new Error('a TCP target needs a port')));
    return probeTcp(connectAddress ?? parts.host, parts.port, timeoutMs, connectAddress);
  },
});
