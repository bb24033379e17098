import { grantNames, type Grant } from '../accounts/grants.ts';

/**
 * Our grants as the panel's subuser permission names (Pterodactyl app/Models/Permission.php,
 * Pelican app/Enums/SubuserPermission.php: the same names). A grant is read back as given
 * when the panel lists the permission that opens it (its first name here).
 */
export const grantPermissions: Record<Grant, string[]> = {
  console: ['control.console', 'websocket.connect'],
  power: ['control.start', 'control.stop', 'control.restart'],
  files: ['file.read', 'file.read-content', 'file.create', 'file.update', 'file.delete', 'file.archive'],
  backups: ['backup.read', 'backup.create', 'backup.download', 'backup.restore', 'backup.delete'],
  schedules: ['schedule.read', 'schedule.create', 'schedule.update', 'schedule.delete'],
};

export function permissionsOf(grants: readonly Grant[]): string[] {
  return grants.flatMap((grant) => grantPermissions[grant]);
}

export function grantsOf(permissions: unknown): Grant[] {
  const given = new Set(Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : []);
  return grantNames.filter((grant) => given.has(grantPermissions[grant][0]!));
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
