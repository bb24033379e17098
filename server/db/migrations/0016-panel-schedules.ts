import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The local engine's schedules: each schedule with its timetable, tasks (JSON) and the key to
 * run them with (encrypted), and the next time it is due, which is also the claim that lets only
 * one instance start a due run; and the runs, one row each, with every task's outcome and where
 * a run stands between its delays, so a restart picks it up.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  await db.schema
    .createTable('panel_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('minute', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('day_of_month', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('day_of_week', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('only_when_online', 'integer', (c) => c.notNull())
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('key_ciphertext', 'text', (c) => c.notNull())
    // Null while disabled.
    .addColumn('next_due', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_schedules_server').on('panel_schedules').column('server_id').execute();
  await db.schema.createIndex('panel_schedules_next_due').on('panel_schedules').column('next_due').execute();

  await db.schema
    .createTable('panel_schedule_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.notNull())
    // The timetable's time the run is for; null for Run now.
    .addColumn('due', bigint)
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('next_task', 'integer', (c) => c.notNull())
    // When the next task is due (after its delay); null once finished.
    .addColumn('resume_at', bigint)
    // An instance working on the run holds it until then.
    .addColumn('lease_until', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_schedule_runs_due').on('panel_schedule_runs').columns(['schedule_id', 'due']).unique().execute();
  await db.schema.createIndex('panel_schedule_runs_resume').on('panel_schedule_runs').columns(['outcome', 'resume_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_schedule_runs').execute();
  await db.schema.dropTable('panel_schedules').execute();
}
