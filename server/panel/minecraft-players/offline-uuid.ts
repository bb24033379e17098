import { createHash } from 'node:crypto';

/**
 * The UUID an offline-mode server gives a name: Java's UUID.nameUUIDFromBytes("OfflinePlayer:" +
 * name), an MD5 name-based (version 3) UUID. Vanilla, Paper and flying-squid all check bans and
 * lists by it when online-mode is off (docs/decisions.md 110). The name's case counts, as theirs does.
 */
export function offlineUuid(name: string): string {
  const bytes = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x30;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
