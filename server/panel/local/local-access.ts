import { createHash, timingSafeEqual } from 'node:crypto';
import { wrongCredentials } from '../connect-throttle.ts';
import type { ServerCredentials } from '../driver.ts';
import { dummyKeyHash, verifyKey } from './key-hash.ts';
import type { LocalServer } from './local-server.ts';

/**
 * Checks a server's credentials: its own key (a scrypt hash in the servers file) or the site's
 * account key (docs/decisions.md 80), and answers the server they open.
 */
export function localAuthorizer(
  servers: ReadonlyMap<string, LocalServer>,
  accountKeyText: string | undefined,
): (credentials: ServerCredentials) => Promise<LocalServer> {
  // Keys already verified, as digests: scrypt runs once per key, not on every request.
  const verified = new Set<string>();

  const accountKey = accountKeyText ? Buffer.from(accountKeyText) : undefined;
  const isAccountKey = (key: string) => {
    const given = Buffer.from(key);
    return accountKey !== undefined && given.length === accountKey.length && timingSafeEqual(given, accountKey);
  };

  return async function authorize({ serverId, key }: ServerCredentials): Promise<LocalServer> {
    const server = servers.get(serverId);
    if (isAccountKey(key)) {
      if (!server) throw wrongCredentials();
      return server;
    }
    const digest = createHash('sha256').update(`${serverId}\0${key}`).digest('base64');
    if (server && verified.has(digest)) return server;
    // An unknown id costs one scrypt too, against a hash no key matches.
    const ok = await verifyKey(key, server?.config.keyHash ?? dummyKeyHash);
    if (!server || !ok) throw wrongCredentials();
    if (verified.size > 10_000) verified.clear();
    verified.add(digest);
    return server;
  };
}
