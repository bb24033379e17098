import { grantNames, type GrantName } from '../../../contracts/my-servers-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import { modrinthRouteGrants } from '../modrinth/modrinth-grants.ts';

export { grantNames };
export type Grant = GrantName;

/**
 * What an owner may give someone they share a server with (docs/decisions.md 81). The owner has
 * them all; a shared server's person has only those given, and every other action answers 403
 * with a sentence.
 */

export function isGrant(value: string): value is Grant {
  return (grantNames as readonly string[]).includes(value);
}

/** A stored list ("console,files") read back; unknown words are dropped. */
export function parseGrants(text: string): Grant[] {
  return grantNames.filter((grant) => text.split(',').includes(grant));
}

/** What the customer may do with one server: everything as its owner, or what was given. */
export interface ServerAccess {
  role: 'owner' | 'shared';
  grants: ReadonlySet<Grant>;
}

export const ownerAccess = (): ServerAccess => ({ role: 'owner', grants: new Set(grantNames) });

/** What each grant lets one do, after "may not": the refusal names it. */
const actions: Record<Grant, string> = {
  console: 'use the console',
  power: 'start, stop or restart the server',
  files: 'open or change its files',
  backups: 'see or change its backups',
  schedules: 'see or change its schedules',
};

export function grantRefused(grant: Grant): HttpError {
  return new HttpError(
    403,
    'not_granted',
    `You may not ${actions[grant]}: the owner shared this server with you without "${grant}". Ask the owner if you need it.`,
  );
}

/**
 * The grant each /api/panel route needs (method and route as registered, prefix included).
 * `view` is any access to the server (its details, usage, players, history). A session route
 * not listed here is refused to a shared server's person (fail closed): the test over the
 * OpenAPI document checks every route is listed.
 */
export const routeGrants: Record<string, Grant | 'view'> = {
  'GET /api/panel/session': 'view',
  'GET /api/panel/server': 'view',
  'GET /api/panel/resources': 'view',
  'GET /api/panel/players': 'view',
  'GET /api/panel/permissions': 'view',
  'GET /api/panel/history': 'view',
  'GET /api/panel/console': 'console',
  'GET /api/panel/console/log': 'console',
  'POST /api/panel/command': 'console',
  'POST /api/panel/power': 'power',
  'GET /api/panel/files': 'files',
  'DELETE /api/panel/files': 'files',
  'GET /api/panel/files/content': 'files',
  'PUT /api/panel/files/content': 'files',
  'POST /api/panel/files/upload': 'files',
  'GET /api/panel/files/download': 'files',
  'POST /api/panel/files/rename': 'files',
  'POST /api/panel/files/folder': 'files',
  'GET /api/panel/backups': 'backups',
  'POST /api/panel/backups': 'backups',
  'GET /api/panel/backups/:id/download': 'backups',
  'POST /api/panel/backups/:id/restore': 'backups',
  'POST /api/panel/backups/:id/lock': 'backups',
  'DELETE /api/panel/backups/:id': 'backups',
  'GET /api/panel/schedules': 'schedules',
  'POST /api/panel/schedules': 'schedules',
  'GET /api/panel/schedules/:id': 'schedules',
  'PUT /api/panel/schedules/:id': 'schedules',
  'DELETE /api/panel/schedules/:id': 'schedules',
  'POST /api/panel/schedules/:id/run': 'schedules',
  ...modrinthRouteGrants,
  // The Minecraft tools (docs/decisions.md 110-112): players are what the console manages; settings
  // and the software are the server's files.
  'GET /api/panel/minecraft/players': 'console',
  'POST /api/panel/minecraft/players/:list': 'console',
  'DELETE /api/panel/minecraft/players/:list/:name': 'console',
  'GET /api/panel/minecraft/settings': 'files',
  'PUT /api/panel/minecraft/settings': 'files',
  'GET /api/panel/minecraft/startup': 'view',
  'PUT /api/panel/minecraft/startup/variable': 'files',
  'POST /api/panel/minecraft/startup/reinstall': 'files',
};

/** Refuses a route to an access that lacks its grant (an unlisted route needs the owner). */
export function checkRouteGrant(access: ServerAccess, method: string, url: string): void {
  if (access.role === 'owner') return;
  const needed = routeGrants[`${method} ${url}`];
  if (needed === 'view') return;
  if (needed === undefined) throw new HttpError(403, 'not_granted', 'Only the owner of this server may do that.');
  if (!access.grants.has(needed)) throw grantRefused(needed);
}
