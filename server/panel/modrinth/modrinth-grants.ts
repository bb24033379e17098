import type { GrantName } from '../../../contracts/my-servers-rules.ts';

/**
 * What the "Mods & plugins" routes need of a shared server's person (server/panel/accounts/grants.ts):
 * they read and change the server's files, so the Files grant (docs/decisions.md 106).
 */
export const modrinthRouteGrants: Record<string, GrantName> = {
  'GET /api/panel/modrinth/icon': 'files',
  'GET /api/panel/modrinth/context': 'files',
  'GET /api/panel/modrinth/search': 'files',
  'GET /api/panel/modrinth/projects/:projectId/plan': 'files',
  'POST /api/panel/modrinth/installs': 'files',
  'GET /api/panel/modrinth/installs': 'files',
  'POST /api/panel/modrinth/installs/:projectId/update': 'files',
  'DELETE /api/panel/modrinth/installs/:projectId': 'files',
};
