import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { AlertChannelTable } from './alerts-tables.ts';

/** A channel as stored, secrets included (never leaves the server). */
export interface AlertChannelRecord {
  id: string;
  name: string;
  /** A registered kind (channel-kinds/index.ts). */
  kind: string;
  target: string;
  token: string | null;
  /** The kind's own settings. */
  settings: Record<string, unknown>;
  monitorIds: string[];
  enabled: boolean;
  remindEveryMinutes: number;
  supportNotices: boolean;
  source: 'console' | 'file';
  createdAt: number;
  updatedAt: number;
}

export const toChannel = (r: Selectable<AlertChannelTable>): AlertChannelRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  target: r.target,
  token: r.token,
  settings: JSON.parse(r.settings) as Record<string, unknown>,
  monitorIds: JSON.parse(r.monitor_ids) as string[],
  enabled: Number(r.enabled) === 1,
  remindEveryMinutes: Number(r.remind_every_minutes),
  supportNotices: Number(r.support_notices) === 1,
  source: r.source === 'file' ? 'file' : 'console',
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export async function listChannels(db: Db): Promise<AlertChannelRecord[]> {
  return (await db.selectFrom('alert_channel').selectAll().orderBy('created_at').orderBy('id').execute()).map(toChannel);
}

export async function findChannel(db: Db, id: string): Promise<AlertChannelRecord | undefined> {
  const row = await db.selectFrom('alert_channel').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toChannel(row) : undefined;
}

/** The channel's settings as columns. */
export function channelColumns(c: Omit<AlertChannelRecord, 'id' | 'createdAt' | 'updatedAt'>) {
  return {
    name: c.name,
    kind: c.kind,
    target: c.target,
    token: c.token,
    settings: JSON.stringify(c.settings),
    monitor_ids: JSON.stringify(c.monitorIds),
    enabled: c.enabled ? 1 : 0,
    remind_every_minutes: c.remindEveryMinutes,
    support_notices: c.supportNotices ? 1 : 0,
    source: c.source,
  };
}

export async function insertChannel(db: Db, c: Omit<AlertChannelRecord, 'createdAt' | 'updatedAt'>, now: number): Promise<void> {
  await db
    .insertInto('alert_channel')
    .values({ id: c.id, ...channelColumns(c), created_at: now, updated_at: now })
    .execute();
}

export async function updateChannel(db: Db, c: Omit<AlertChannelRecord, 'createdAt' | 'updatedAt'>, now: number): Promise<void> {
  await db
    .updateTable('alert_channel')
    .set({ ...channelColumns(c), updated_at: now })
    .where('id', '=', c.id)
    .execute();
}

export async function deleteChannel(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alert_channel').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a channel covers a monitor: its list names it, or it lists none (every monitor). */
export function covers(channel: AlertChannelRecord, monitorId: string): boolean {
  return channel.monitorIds.length === 0 || channel.monitorIds.includes(monitorId);
}
