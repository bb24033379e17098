/**
 * The Game Panel's Schedules tool: its labels, the task kinds, and its messages. Typed, without a
 * schema at run time, like panel-texts.ts (docs/decisions.md 7). What a schedule does is
 * docs/decisions.md 39.
 */

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A delay in words: "at once", "5 minutes", "1 minute 30 seconds". */
export function delayWords(seconds: number): string {
  if (seconds <= 0) return 'at once';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return [minutes ? plural(minutes, 'minute', 'minutes') : '', rest ? plural(rest, 'second', 'seconds') : ''].filter(Boolean).join(' ');
}

/** What a task does, as a sentence's verb phrase ("make a backup"). */
type TaskLike = { kind: 'command'; command: string } | { kind: 'power'; signal: 'start' | 'stop' | 'restart' | 'kill' } | { kind: 'backup' };
const signalVerbs = { start: 'start the server', stop: 'stop the server', restart: 'restart the server', kill: 'kill the server' } as const;
function taskVerb(task: TaskLike): string {
  if (task.kind === 'command') return `send “${task.command}”`;
  if (task.kind === 'power') return signalVerbs[task.signal];
  return 'make a backup';
}

/**
 * A schedule's tasks as one sentence: "Send “say Restarting”, then, 5 seconds later, make a
 * backup, then restart the server." Each wait is said where it happens, and no wait says nothing.
 */
export function tasksSentence(tasks: readonly (TaskLike & { delaySeconds: number })[]): string {
  const clauses = tasks.map((task, i) => {
    const verb = taskVerb(task);
    if (i === 0) return task.delaySeconds > 0 ? `${delayWords(task.delaySeconds)} after its time, ${verb}` : verb;
    return task.delaySeconds > 0 ? `then, ${delayWords(task.delaySeconds)} later, ${verb}` : `then ${verb}`;
  });
  const text = clauses.join(', ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '';
}

export const scheduleTexts = {
  tab: 'Schedules',
  heading: 'Schedules',
  intro:
    'Restarts, console commands and backups that run on their own: on a timetable, one task after another, each after its wait. Every run is recorded with what each task did.',
  none: 'No schedules yet. Start from a common one such as every day at 04:00.',
  add: 'New schedule',
  loadFailed: 'The schedules could not be loaded.',
  fixedZone: (zone: string) => `This panel reads every timetable in ${zone}. Run times below are shown in your own time zone.`,
  noRunRecord: 'This panel keeps only the time of the last run, not what each task did.',
  columns: { next: 'Next runs', last: 'Last runs' },
  disabled: 'Disabled',
  enabled: 'Enabled',
  onlyWhenOnline: 'Only when the server is online',
  running: 'Running now…',
  nextRuns: 'Next runs (your time)',
  noNextRuns: 'Not scheduled: the schedule is disabled.',
  lastRun: (when: string) => `Last run ${when}`,
  neverRun: 'Not run yet.',
  actions: { runNow: 'Run now', edit: 'Edit', delete: 'Delete' },
  runNowLabel: (name: string) => `Run now: ${name}`,
  editLabel: (name: string) => `Edit ${name}`,
  /** The switch's visible label; its accessible name adds the schedule's (and so holds the visible words). */
  toggle: 'Enabled',
  toggleLabel: (name: string) => `Enabled: ${name}`,
  deleteLabel: (name: string) => `Delete ${name}`,
  started: (name: string) => `${name} is running. Its outcome appears under Last runs.`,
  finished: (name: string, outcome: string) => `${name}: the run ${outcome}.`,
  saved: (name: string) => `Saved ${name}.`,
  deleted: (name: string) => `Deleted ${name}.`,
  switched: (name: string, on: boolean) => `${name} is ${on ? 'enabled' : 'disabled'}.`,
  confirmDelete: {
    title: (name: string) => `Delete ${name}?`,
    body: 'The schedule and the record of its runs are deleted. Runs under way stop after their current task.',
    confirm: 'Delete schedule',
    cancel: 'Cancel',
  },
  runOutcomes: { running: 'running', ok: 'succeeded', failed: 'failed', skipped: 'was skipped', missed: 'was missed' },
  runBadges: { running: 'Running', ok: 'Succeeded', failed: 'Failed', skipped: 'Skipped', missed: 'Missed' },
  taskOutcomes: { ok: 'done', failed: 'failed', skipped: 'not run', pending: 'waiting' },
  triggers: { timetable: 'on time', manual: 'run now' },
  runSummary: (when: string, trigger: string) => `${when}, ${trigger}`,

  editor: {
    createHeading: 'New schedule',
    editHeading: (name: string) => `Edit ${name}`,
    name: 'Name',
    namePlaceholder: 'e.g. Nightly restart',
    preset: 'Start from',
    presetNone: 'Custom timetable',
    timetable: 'Timetable (cron fields)',
    timetableHint: 'Use * for every one, numbers, ranges (1-5), lists (1,15) or steps (*/15).',
    fields: { minute: 'Minute', hour: 'Hour', dayOfMonth: 'Day of month', month: 'Month', dayOfWeek: 'Day of week' },
    timeZone: 'Time zone',
    inWords: 'In words',
    invalidTimetable: 'Not a valid timetable yet.',
    enabled: 'Enabled',
    onlyWhenOnline: 'Only when the server is online',
    onlyWhenOnlineHint: 'A run is skipped when the server is not running at its start.',
    tasks: 'Tasks, in order',
    tasksHint: 'Each task runs after its wait, counted from the end of the task before it (up to 15 minutes).',
    taskHeading: (n: number) => `Task ${n}`,
    kind: 'What it does',
    kinds: { command: 'Send a console command', power: 'Power action', backup: 'Create a backup' },
    command: 'Command',
    commandPlaceholder: 'e.g. say Restarting in 5 minutes',
    signal: 'Action',
    signals: { start: 'Start', stop: 'Stop', restart: 'Restart', kill: 'Kill' },
    onLimit: 'At the backup limit',
    onLimits: { 'replace-oldest-unlocked': 'Replace the oldest unlocked backup', fail: 'Fail, keeping every backup' },
    delay: 'Wait first (seconds)',
    /** When a task starts, under its wait field: the first counts from the schedule's time, the others from the task before. */
    delayWords: (seconds: number, first: boolean) =>
      seconds <= 0
        ? first
          ? 'Starts at the scheduled time.'
          : 'Starts as soon as the task before ends.'
        : `Starts ${delayWords(seconds)} after ${first ? 'the scheduled time' : 'the task before ends'}.`,
    moveUp: (n: number) => `Move task ${n} up`,
    moveDown: (n: number) => `Move task ${n} down`,
    remove: (n: number) => `Remove task ${n}`,
    addTask: 'Add a task',
    save: 'Save schedule',
    saving: 'Saving…',
    cancel: 'Cancel',
    fixErrors: 'The schedule was not saved: correct the fields marked below.',
  },
} as const;

/** The words of a run outcome and a task outcome, for the list. */
export type ScheduleTexts = typeof scheduleTexts;
