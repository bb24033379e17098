import { randomUUID } from 'node:crypto';
import { WingsError } from './fake-files.ts';
import type { FakeKey, FakeServer } from './fake-game-server.ts';
import { daemonDown, daemonError, PanelAnswer, unauthorized } from './fake-panel-answer.ts';
import type { FakeTokens } from './fake-tokens.ts';

/**
 * What every client route of the fake panel does before and around its work, as
 * docs/pterodactyl.md describes it: a key's permission (403 "This action is unauthorized."),
 * the JSON body, a field's validation error (422), a Wings call whose errors the panel passes
 * on as DaemonConnectionException, and a signed one-use link to Wings (15 minutes).
 */

const linkLifetimeMs = 15 * 60_000;

export function can(key: FakeKey, permission: string): boolean {
  const granted = key.permissions ?? ['*'];
  return granted.includes('*') || granted.includes(permission);
}

export function needs(key: FakeKey, permission: string): void {
  if (!can(key, permission)) throw unauthorized();
}

export function json(body: string): Record<string, unknown> {
  try {
    const value = JSON.parse(body || '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function validation(field: string, rule: string, detail: string): PanelAnswer {
  return new PanelAnswer(422, rule, detail, { meta: { source_field: field, rule } });
}

/** Runs a Wings call, passing its errors on as the panel does. */
export function wings<T>(server: FakeServer, fn: () => T): T {
  if (server.wingsDown) throw daemonDown();
  try {
    return fn();
  } catch (error) {
    if (error instanceof WingsError) throw daemonError(error);
    throw error;
  }
}

/** A `signed_url` answer: a link to Wings at `path` carrying the claims, for this key's user and server. */
export function signedLink(tokens: FakeTokens, wingsUrl: string, key: FakeKey, server: FakeServer, path: string, claims: Record<string, unknown>) {
  const token = tokens.signPayload({
    ...claims,
    server_uuid: server.uuid,
    user_uuid: key.userUuid,
    unique_id: randomUUID(),
    exp: (Date.now() + linkLifetimeMs) / 1000,
  });
  return { status: 200, body: { object: 'signed_url', attributes: { url: `${wingsUrl}${path}?token=${token}` } } };
}
