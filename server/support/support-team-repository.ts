import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/schema.ts';

/** A person of the team as the desk sees them. */
export interface TeamMemberRow {
  staffId: string;
  name: string;
  available: boolean;
  online: boolean;
}

/** The enabled staff accounts with their switch and whether a console of theirs is open (seen since `onlineSince`). */
export async function teamMembers(db: Db, onlineSince: number): Promise<TeamMemberRow[]> {
  const rows = await db
    .selectFrom('staff_accounts as s')
    .leftJoin('support_availability as a', 'a.staff_id', 's.id')
    .select((eb) => [
      's.id',
      's.email',
      's.display_name',
      'a.available',
      eb
        .selectFrom('support_console_presence as p')
        .select((p) => p.fn.max('p.seen_at').as('seen'))
        .whereRef('p.staff_id', '=', 's.id')
        .as('seen'),
    ])
    .where('s.disabled_at', 'is', null)
    .orderBy('s.display_name')
    .orderBy('s.email')
    .execute();
  return rows.map((r) => ({
    staffId: r.id,
    name: r.display_name ?? r.email,
    available: Number(r.available ?? 0) === 1,
    online: r.seen !== null && r.seen !== undefined && Number(r.seen) >= onlineSince,
  }));
}

export async function setAvailability(db: Db, staff: { id: string; name: string }, available: boolean, now: number): Promise<void> {
  await db
    .insertInto('support_availability')
    .values({ staff_id: staff.id, name: staff.name, available: available ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('staff_id').doUpdateSet({ name: staff.name, available: available ? 1 : 0, updated_at: now }))
    .execute();
}

/** Marks the consoles of these people open on this instance as of `now`. */
export async function touchPresence(db: Db, instanceId: string, staffIds: readonly string[], now: number): Promise<void> {
  if (staffIds.length === 0) return;
  await db
    .insertInto('support_console_presence')
    .values(staffIds.map((staffId) => ({ instance_id: instanceId, staff_id: staffId, seen_at: now })))
    .onConflict((oc) => oc.columns(['instance_id', 'staff_id']).doUpdateSet({ seen_at: now }))
    .execute();
}

/** The last console of a person closed on this instance. */
export async function dropPresence(db: Db, instanceId: string, staffId: string): Promise<void> {
  await db.deleteFrom('support_console_presence').where('instance_id', '=', instanceId).where('staff_id', '=', staffId).execute();
}

/** Every console row of an instance that stops. */
export async function dropInstancePresence(db: Db, instanceId: string): Promise<void> {
  await db.deleteFrom('support_console_presence').where('instance_id', '=', instanceId).execute();
}

/** Rows of consoles not seen since `before` (an instance that died). */
export async function purgePresence(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('support_console_presence').where('seen_at', '<', before).execute();
}

/** Whether an enabled account has this id, and its name. */
export async function staffName(db: Db, staffId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_accounts')
    .select(['email', 'display_name'])
    .where('id', '=', staffId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row ? (row.display_name ?? row.email) : undefined;
}
