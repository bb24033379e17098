import { pingMinecraft } from '../lib/minecraft-ping.ts';
import type { PlayerList, PowerState } from './driver.ts';

/** A panel page refreshes players with the stats: an answer must come well within that. */
export const playersTimeoutMs = 3000;

/**
 * The players list of a game server at host:port: a stopped server is 'offline' without a ping;
 * a refused or silent port is 'not_answering'; a port that accepts the connection but does not
 * answer the Server List Ping is 'not_minecraft'.
 */
export async function playersAt(host: string, port: number, state: PowerState, timeoutMs = playersTimeoutMs): Promise<PlayerList> {
  if (state === 'offline') return { status: 'offline' };
  const outcome = await pingMinecraft(host, port, timeoutMs);
  if (outcome.ok) {
    const { players, names, version } = outcome.status;
    // A status answer without player counts is not a Minecraft server's.
    if (!players) return { status: 'not_minecraft' };
    return { status: 'answering', online: players.online, max: players.max, names, version };
  }
  if (outcome.connected) return { status: 'not_minecraft' };
  // Our words, not the socket's: those name addresses.
  const reason = /ECONNREFUSED/.test(outcome.reason)
    ? 'Nothing is listening on the game port.'
    : /within \d+ ms|ETIMEDOUT/.test(outcome.reason)
      ? 'The game port did not answer in time.'
      : 'The game port could not be reached.';
  return { status: 'not_answering', reason };
}
