import { createHmac } from 'node:crypto';

/**
 * The local driver's key for signed-in customers' servers (docs/decisions.md 80), derived from
 * SESSION_SECRET so every instance and every restart has the same one (sessions and schedules
 * keep it encrypted like a customer's key). It never leaves the server.
 */
export function localAccountKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('hostfront local driver account key').digest('base64url');
}
