import type { ServerPermissions } from '../driver.ts';

/**
 * What `GET /api/client/servers/{server}` says beyond ServerDetails: the key's permissions
 * (`meta.user_permissions`, `*` for the owner), the plan's backup limit
 * (`feature_limits.backups`), and the game's default address (`relationships.allocations`).
 */

export interface ServerExtras {
  permissions: ServerPermissions;
  backupLimit: number;
  /** Where the game listens: the default allocation's alias or IP ('0.0.0.0' replaced by the node's host name). */
  gameAddress: { host: string; port: number } | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function mapPermissions(list: unknown): ServerPermissions {
  const granted = new Set(Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []);
  const has = (permission: string) => granted.has('*') || granted.has(permission);
  return {
    files: {
      list: has('file.read'),
      read: has('file.read-content'),
      write: has('file.create'),
      rename: has('file.update'),
      delete: has('file.delete'),
    },
    backups: {
      list: has('backup.read'),
      create: has('backup.create'),
      download: has('backup.download'),
      restore: has('backup.restore'),
      delete: has('backup.delete'),
    },
    schedules: {
      list: has('schedule.read'),
      create: has('schedule.create'),
      update: has('schedule.update'),
      delete: has('schedule.delete'),
    },
  };
}

/** The host to ping: a given alias or IP; 0.0.0.0 (all interfaces) means the node itself. */
function gameHost(ip: string, alias: string, nodeHost: string, panelHost: string): string {
  if (alias) return alias;
  if (ip === '0.0.0.0' || ip === '::') return nodeHost || panelHost;
  return ip;
}

export function mapServerExtras(body: unknown, panelUrl: string): ServerExtras {
  const root = record(body);
  const a = record(root?.attributes) ?? {};
  const featureLimits = record(a.feature_limits) ?? {};
  const backupLimit = typeof featureLimits.backups === 'number' && featureLimits.backups >= 0 ? featureLimits.backups : 0;
  const allocations = record(record(a.relationships)?.allocations)?.data;
  const entries = (Array.isArray(allocations) ? allocations : []).map((item) => record(record(item)?.attributes)).filter((x) => x !== undefined);
  const chosen = entries.find((x) => x.is_default === true);
  let gameAddress: ServerExtras['gameAddress'];
  if (chosen && typeof chosen.port === 'number' && typeof chosen.ip === 'string') {
    const nodeHost = typeof record(a.sftp_details)?.ip === 'string' ? (record(a.sftp_details)!.ip as string) : '';
    const alias = typeof chosen.ip_alias === 'string' ? chosen.ip_alias : '';
    gameAddress = { host: gameHost(chosen.ip, alias, nodeHost, new URL(panelUrl).hostname), port: chosen.port };
  }
  return { permissions: mapPermissions(record(root?.meta)?.user_permissions), backupLimit, gameAddress };
}
