/** The local engine's schedules and their runs, as Kysely sees them (times in epoch milliseconds). */
export interface ScheduleTables {
  panel_schedules: ScheduleTable;
  panel_schedule_runs: ScheduleRunTable;
}

export interface ScheduleTable {
  id: string;
  server_id: string;
  name: string;
  minute: string;
  hour: string;
  day_of_month: string;
  month: string;
  day_of_week: string;
  /** IANA zone the timetable is read in. */
  time_zone: string;
  /** 1 or 0. */
  enabled: number;
  only_when_online: number;
  /** The ordered tasks, JSON (contracts/panel.ts scheduleTask). */
  tasks: string;
  /** The key of the session that last saved it, AES-256-GCM encrypted (server/panel/session-crypto.ts). */
  key_ciphertext: string;
  /** The next time it is due; null while disabled. Moving it on is the claim of a due run. */
  next_due: number | null;
  created_at: number;
  updated_at: number;
}

export interface ScheduleRunTable {
  id: string;
  schedule_id: string;
  server_id: string;
  /** The timetable's time; null for Run now. Unique with schedule_id: one run per due time. */
  due: number | null;
  trigger: string;
  started_at: number;
  finished_at: number | null;
  /** running, ok, failed, skipped, missed. */
  outcome: string;
  reason: string | null;
  /** Each task's outcome, JSON ({kind, outcome, at, message}[]). */
  tasks: string;
  /** The index of the next task to start. */
  next_task: number;
  /** When the next task may start (its delay over); null once finished. */
  resume_at: number | null;
  /** An instance working on the run holds it until then (0: nobody). */
  lease_until: number;
}
