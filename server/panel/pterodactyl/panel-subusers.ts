import { grantNames, type Grant } from '../accounts/grants.ts';

/**
 * Our grants as the panel's subuser permission names (Pterodactyl app/Models/Permission.php,
 * Pelican app/Enums/SubuserPermission.php: the same names): what an invitation made here gives.
 */
export const grantPermissions: Record<Grant, string[]> = {
  console: ['control.console', 'websocket.connect'],
  power: ['control.start', 'control.stop', 'control.restart'],
  files: ['file.read', 'file.read-content', 'file.create', 'file.update', 'file.delete', 'file.archive'],
  backups: ['backup.read', 'backup.create', 'backup.download', 'backup.restore', 'backup.delete'],
  schedules: ['schedule.read', 'schedule.create', 'schedule.update', 'schedule.delete'],
};

/**
 * The panel permissions the site's routes of each grant act with (docs/decisions.md 94): the
 * console and its commands, start/stop/restart, every file route, every backup route, every
 * schedule route. The site calls the panel with the admin's key, so the panel does not narrow
 * what a subuser does here: a grant is read back only when the subuser holds all of its
 * permissions. A subuser made in the panel with less (say `control.start` alone, or read-only
 * files) gets less here, never more than the panel would allow.
 */
export const grantNeeds: Record<Grant, string[]> = {
  console: ['control.console'],
  power: ['control.start', 'control.stop', 'control.restart'],
  files: ['file.read', 'file.read-content', 'file.create', 'file.update', 'file.delete'],
  backups: ['backup.read', 'backup.create', 'backup.download', 'backup.restore', 'backup.delete'],
  schedules: ['schedule.read', 'schedule.create', 'schedule.update', 'schedule.delete'],
};

export function permissionsOf(grants: readonly Grant[]): string[] {
  return grants.flatMap((grant) => grantPermissions[grant]);
}

export function grantsOf(permissions: unknown): Grant[] {
  const given = new Set(Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : []);
  return grantNames.filter((grant) => grantNeeds[grant].every((permission) => given.has(permission)));
}

export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The `attributes` of each item of a fractal list (`{data: [{attributes}]}`). */
export function listAttributes(body: unknown): Array<Record<string, unknown>> {
  const data = record(body)?.data;
  return (Array.isArray(data) ? data : []).map((item) => record(record(item)?.attributes)).filter((a): a is Record<string, unknown> => a !== undefined);
}

/** A relationship's items' attributes (`attributes.relationships.<name>.data[].attributes`), or its one item's. */
export function related(attributes: Record<string, unknown>, name: string): Array<Record<string, unknown>> {
  const relation = record(record(attributes.relationships)?.[name]);
  if (!relation) return [];
  if (Array.isArray(relation.data)) return listAttributes(relation);
  const one = record(relation.attributes);
  return one ? [one] : [];
}
