// The visitor's own entries on the board, kept in this browser only (localStorage).
import { checkTypes } from '../../../contracts/status-rules.ts';
import type { OwnServer } from '../../lib/own-server-entries.ts';

export const ownServersKey = 'hostfront.status.ownServers';

function isOwnServer(value: unknown): value is OwnServer {
  const v = value as Partial<OwnServer> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    (v.address === undefined || typeof v.address === 'string') &&
    checkTypes.some((type) => type === v.type) &&
    typeof v.addedAt === 'number'
  );
}

export function loadOwnServers(): OwnServer[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ownServersKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isOwnServer) : [];
  } catch {
    return [];
  }
}

export function saveOwnServers(servers: readonly OwnServer[]): void {
  try {
    localStorage.setItem(ownServersKey, JSON.stringify(servers));
  } catch {
    // Storage full or blocked: the entry lives until the page closes.
  }
}
