/**
 * The panel capability's contract: the customer's game-server API under /api/panel (connect
 * with a server id and access key, then a session cookie) and the live console socket.
 */
import { z } from 'zod';
import { grantNames } from './my-servers-rules.ts';
import {
  historyRanges,
  maxBackupNameLength,
  maxCommandLength,
  maxCronFieldLength,
  maxPathLength,
  maxScheduleNameLength,
  maxScheduleTasks,
  maxTaskDelaySeconds,
} from './panel-rules.ts';

/** Power state, as Pterodactyl names it. */
export const powerState = z.enum(['offline', 'starting', 'running', 'stopping']);
export const powerSignal = z.enum(['start', 'stop', 'restart', 'kill']);

const usage = z.object({ current: z.number(), limit: z.number() });

export const serverDetails = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The engine's administrative status (null when normal; installing, suspended…). */
  status: z.string().nullable(),
  /** Memory and disk in MiB, cpu in percent of one core; 0 means unlimited. */
  limits: z.object({ memory: z.number(), disk: z.number(), cpu: z.number() }),
  state: powerState,
});

export const serverResources = z.object({
  state: powerState,
  /** Percent of one core. */
  cpu: usage,
  /** Bytes. */
  memory: usage,
  /** Bytes. */
  disk: usage,
  /** Milliseconds since the process started; 0 when offline. */
  uptime: z.number(),
});

export const connectBody = z.strictObject({
  serverId: z.string().min(1).max(100),
  /** The customer's access key: the panel client API key, or the local server's key. */
  key: z.string().min(1).max(500),
});
export const connectAnswer = z.object({ server: serverDetails });
/** A session opened from "My servers": the customer's role there and what they may do (docs/decisions.md 81). */
export const sessionAccount = z.object({ role: z.enum(['owner', 'shared']), grants: z.array(z.enum(grantNames)) });
export const sessionAnswer = z.object({ connected: z.boolean(), server: serverDetails.optional(), account: sessionAccount.optional() });
export const powerBody = z.strictObject({ signal: powerSignal });
export const commandBody = z.strictObject({ command: z.string().max(maxCommandLength) });

// Players, history, permissions.

/**
 * Who is on the server, from a Minecraft Server List Ping to its own address. `names` is what
 * the server lists: Minecraft sends a sample of at most 12 names, so it may be shorter than `online`.
 */
export const playerList = z.discriminatedUnion('status', [
  z.object({ status: z.literal('answering'), online: z.number(), max: z.number(), names: z.array(z.string()), version: z.string().nullable() }),
  /** The server is stopped: nothing to ask. */
  z.object({ status: z.literal('offline') }),
  /** Nothing answers on the game port (still starting, crashed, or a firewall). */
  z.object({ status: z.literal('not_answering'), reason: z.string() }),
  /** Something answers, but not as a Minecraft server; or the server declares no game port. */
  z.object({ status: z.literal('not_minecraft') }),
]);

export const historyRange = z.enum(historyRanges);
export const historyQuery = z.strictObject({ range: historyRange.default('1h') });
/** One resource sample: cpu in percent of one core, memory and disk in bytes. */
export const historySample = z.object({ at: z.number(), cpu: z.number(), memory: z.number(), disk: z.number() });
export const historyAnswer = z.object({
  range: historyRange,
  /** How often the server samples (60 s): a longer gap between two samples means none was taken. */
  intervalMs: z.number(),
  /** Oldest first. */
  samples: z.array(historySample),
});

/**
 * What the customer's key may do on this server, so the page hides what it cannot do. The
 * engine still checks every call (Pterodactyl: the key's user_permissions).
 */
export const serverPermissions = z.object({
  files: z.object({
    /** Browse folders (file.read). */
    list: z.boolean(),
    /** Open in the editor and download (file.read-content). */
    read: z.boolean(),
    /** Save, upload and create folders (file.create). */
    write: z.boolean(),
    /** Rename and move (file.update). */
    rename: z.boolean(),
    delete: z.boolean(),
  }),
  backups: z.object({
    list: z.boolean(),
    create: z.boolean(),
    download: z.boolean(),
    restore: z.boolean(),
    /** Delete, and lock or unlock (Pterodactyl ties both to backup.delete). */
    delete: z.boolean(),
  }),
  schedules: z.object({
    /** See schedules (schedule.read): without it the page shows no Schedules tool. */
    list: z.boolean(),
    create: z.boolean(),
    /** Change, enable or disable, and Run now (schedule.update). */
    update: z.boolean(),
    delete: z.boolean(),
  }),
});

// Files. Paths are relative to the server's root with / between names; '' is the root. The
// server checks every path (server/panel/server-path.ts) and answers 400 naming the field.

const serverPath = z.string().max(maxPathLength);
export const folderQuery = z.strictObject({ path: serverPath.default('') });
export const fileQuery = z.strictObject({ path: serverPath });

export const fileEntry = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['file', 'directory', 'symlink']),
  /** Bytes (0 for a folder). */
  size: z.number(),
  /** ISO 8601. */
  modifiedAt: z.string(),
  /** Permission bits in octal, as `ls` shows them: "644". */
  mode: z.string(),
  /** Text of at most 1 MiB: the editor opens it. Binary or larger files are download-only. */
  editable: z.boolean(),
});
export const fileList = z.object({ path: z.string(), entries: z.array(fileEntry) });
export const textFile = z.object({ path: z.string(), content: z.string(), size: z.number() });
export const writeFileBody = z.strictObject({ content: z.string() });
export const renameBody = z.strictObject({ from: serverPath, to: serverPath });
export const folderBody = z.strictObject({ path: serverPath });

// Backups.

export const backupState = z.enum(['creating', 'ready', 'failed']);
export const backup = z.object({
  id: z.string(),
  name: z.string(),
  /** Bytes of the archive (0 until it is complete). */
  size: z.number(),
  /** ISO 8601. */
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  state: backupState,
  /** A locked backup cannot be deleted until it is unlocked. */
  locked: z.boolean(),
  checksum: z.string().nullable(),
  /** Why a failed backup failed, when the engine says. */
  failure: z.string().nullable(),
});
export const backupList = z.object({
  backups: z.array(backup),
  /** The plan's number of backups (0: none allowed). */
  limit: z.number(),
  /** Backups counting against the limit: those being made and the successful ones. */
  count: z.number(),
  /** A restore is running: the server's files are being replaced. */
  restoring: z.boolean(),
  /** Why the last restore failed, when the engine says; null after a success or when unknown. */
  restoreFailure: z.string().nullable(),
});
export const createBackupBody = z.strictObject({ name: z.string().max(maxBackupNameLength).default('') });
export const backupParams = z.strictObject({ id: z.string().max(100) });
export const lockBody = z.strictObject({ locked: z.boolean() });

/** What the browser sends on the console socket. */
export const consoleCommand = z.object({ type: z.literal('command'), command: z.string() });

/** One console event. The server sends them in batches: every socket message is a JSON array of these. */
export const consoleMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('line'), text: z.string() }),
  z.object({ type: z.literal('state'), state: powerState }),
  z.object({ type: z.literal('stats'), stats: serverResources }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

export type PowerState = z.infer<typeof powerState>;
export type PowerSignal = z.infer<typeof powerSignal>;
export type ServerDetails = z.infer<typeof serverDetails>;
export type ServerResources = z.infer<typeof serverResources>;
export type ConnectBody = z.infer<typeof connectBody>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type ConsoleCommand = z.infer<typeof consoleCommand>;
export type PlayerList = z.infer<typeof playerList>;
export type HistoryRange = z.infer<typeof historyRange>;
export type HistorySample = z.infer<typeof historySample>;
export type HistoryAnswer = z.infer<typeof historyAnswer>;
export type ServerPermissions = z.infer<typeof serverPermissions>;
export type FileEntry = z.infer<typeof fileEntry>;
export type FileList = z.infer<typeof fileList>;
export type TextFile = z.infer<typeof textFile>;
export type BackupState = z.infer<typeof backupState>;
export type Backup = z.infer<typeof backup>;
export type BackupList = z.infer<typeof backupList>;
export type ConsoleMessage = z.infer<typeof consoleMessage>;
export type SessionAccount = z.infer<typeof sessionAccount>;

// Schedules: commands, power actions and backups on a timetable (docs/decisions.md 39). The
// rules both sides apply (cron fields, time zones, commands, the next runs) are in schedule-rules.ts.

/** A timetable in cron's five fields, as Pterodactyl names them: "0" "4" "*" "*" "*" is every day at 04:00. */
export const timetable = z.strictObject({
  minute: z.string().max(maxCronFieldLength),
  hour: z.string().max(maxCronFieldLength),
  dayOfMonth: z.string().max(maxCronFieldLength),
  month: z.string().max(maxCronFieldLength),
  dayOfWeek: z.string().max(maxCronFieldLength),
});
const delaySeconds = z
  .number()
  .int('A delay is a whole number of seconds.')
  .min(0, 'A delay cannot be negative.')
  .max(maxTaskDelaySeconds, `A delay is at most ${maxTaskDelaySeconds / 60} minutes.`);
/** What a backup task does when the plan's limit is reached: replace the oldest unlocked backup, or fail. */
export const backupLimitPolicy = z.enum(['replace-oldest-unlocked', 'fail']);
/** One task: run `delaySeconds` after the previous one ended (after the start, for the first). */
export const scheduleTask = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('command'), delaySeconds, command: z.string().max(maxCommandLength) }),
  z.strictObject({ kind: z.literal('power'), delaySeconds, signal: powerSignal }),
  z.strictObject({ kind: z.literal('backup'), delaySeconds, onLimit: backupLimitPolicy }),
]);
/** What the customer sends to create or change a schedule. */
export const scheduleInput = z.strictObject({
  name: z.string().max(maxScheduleNameLength),
  timetable,
  /** IANA time zone the timetable is read in ("Europe/London"); engines with a fixed zone refuse another. */
  timeZone: z.string().max(64),
  enabled: z.boolean(),
  /** Skip a run when the server is not running at its start. */
  onlyWhenOnline: z.boolean(),
  tasks: z.array(scheduleTask).max(maxScheduleTasks, `A schedule has at most ${maxScheduleTasks} tasks.`),
});
export const scheduleTaskOutcome = z.enum(['ok', 'failed', 'skipped', 'pending']);
export const scheduleRunOutcome = z.enum(['running', 'ok', 'failed', 'skipped', 'missed']);
/** One run of a schedule: when, why it ran, and each task's outcome (why one failed). */
export const scheduleRun = z.object({
  id: z.string(),
  /** The timetable's time it was for (ISO 8601); null for Run now. */
  due: z.string().nullable(),
  trigger: z.enum(['timetable', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: scheduleRunOutcome,
  /** Why it failed, was skipped or missed. */
  reason: z.string().nullable(),
  tasks: z.array(
    z.object({
      kind: z.enum(['command', 'power', 'backup']),
      outcome: scheduleTaskOutcome,
      at: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export const schedule = scheduleInput.extend({
  id: z.string(),
  /** The next three times it runs (ISO 8601), none while disabled. */
  nextRuns: z.array(z.string()),
  lastRunAt: z.string().nullable(),
  /** A run is going on (its tasks or a delay between them). */
  running: z.boolean(),
  /** The last runs, newest first (the engine's own record: Pterodactyl keeps none). */
  runs: z.array(scheduleRun),
});
export const scheduleList = z.object({
  schedules: z.array(schedule),
  /** The engine's own time zone when it reads every timetable in one (Pterodactyl: the panel's); null when each schedule has its own. */
  fixedTimeZone: z.string().nullable(),
  /** Whether the engine keeps a record of each run (the local engine does; Pterodactyl only the last run's time). */
  keepsRuns: z.boolean(),
});
export const scheduleParams = z.strictObject({ id: z.string().max(100) });

export type Timetable = z.infer<typeof timetable>;
export type ScheduleTask = z.infer<typeof scheduleTask>;
export type ScheduleInput = z.infer<typeof scheduleInput>;
export type ScheduleRun = z.infer<typeof scheduleRun>;
export type ScheduleRunOutcome = z.infer<typeof scheduleRunOutcome>;
export type ScheduleTaskOutcome = z.infer<typeof scheduleTaskOutcome>;
export type Schedule = z.infer<typeof schedule>;
export type ScheduleList = z.infer<typeof scheduleList>;
export type BackupLimitPolicy = z.infer<typeof backupLimitPolicy>;
