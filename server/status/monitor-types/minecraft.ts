import { z } from 'zod';
import { splitHostPort } from '../../lib/host-port.ts';
import { pingMinecraft } from '../../lib/minecraft-ping.ts';
import { failed, type ProbeResult, wrongPeer } from '../probe-result.ts';
import { defineMonitorType } from './monitor-type.ts';

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

/** A Minecraft Java Edition server's Server List Ping. */
export const minecraftMonitor = defineMonitorType({
  type: 'minecraft',
  label: 'Minecraft ping',
  targetHint: 'host or host:port (port 25565 when left out).',
  settings: z.strictObject({}),
  targetProblem: (target) => (splitHostPort(target) ? undefined : 'must be host:port'),
  hostsOf: (target) => {
    const host = splitHostPort(target)?.host;
    return host === undefined ? [] : [host];
  },
  check({ target, timeoutMs, connectAddress }) {
    const parts = splitHostPort(target);
    if (!parts) return Promise.resolve(failed(new Error(`bad target ${target}`)));
    return probeMinecraft(parts.host, parts.port ?? 25565, timeoutMs, connectAddress);
  },
});
