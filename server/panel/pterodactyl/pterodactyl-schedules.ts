import type { Schedule, ScheduleInput, ScheduleList, ScheduleTask } from '../../../contracts/panel.ts';
import { nextRuns } from '../../../contracts/schedule-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerCredentials } from '../driver.ts';
import { type ScheduleEngine, scheduleNotFound, scheduleRunning } from '../schedules/schedule-engine.ts';
import { panelBadAnswer } from './panel-errors.ts';
import { serverPath, type PanelClient } from './panel-client.ts';
import { refusalFor } from './panel-refusals.ts';

/**
 * Schedules through the panel's client API (docs/pterodactyl.md, "Schedules"): the panel keeps
 * them and Wings runs them. A schedule's tasks are separate calls, so a change replaces the tasks
 * one by one after the schedule's own fields. The panel reads timetables in its own time zone
 * (UTC unless its operator changed APP_TIMEZONE) and keeps no run history beyond the last run's
 * time; a backup task at the plan's limit always replaces the oldest unlocked backup.
 */

/** The zone the panel reads cron fields in. */
export const panelTimeZone = 'UTC';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function isoOrNull(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

/** A `schedule_task` of the client API. */
function mapTask(value: unknown): ScheduleTask & { sequence: number; id: string } {
  const a = record(record(value)?.attributes);
  if (!a) throw panelBadAnswer();
  const delaySeconds = typeof a.time_offset === 'number' ? a.time_offset : 0;
  const sequence = typeof a.sequence_id === 'number' ? a.sequence_id : 0;
  const id = text(a.id);
  const payload = text(a.payload);
  if (a.action === 'power') {
    const signal = payload === 'start' || payload === 'stop' || payload === 'restart' || payload === 'kill' ? payload : 'restart';
    return { kind: 'power', delaySeconds, signal, sequence, id };
  }
  if (a.action === 'backup') return { kind: 'backup', delaySeconds, onLimit: 'replace-oldest-unlocked', sequence, id };
  return { kind: 'command', delaySeconds, command: payload, sequence, id };
}

/** A `server_schedule` of the client API, with its tasks (`relationships.tasks`). */
export function mapSchedule(value: unknown, now: number): Schedule {
  const a = record(record(value)?.attributes);
  if (!a || (typeof a.id !== 'number' && typeof a.id !== 'string')) throw panelBadAnswer();
  const cron = record(a.cron) ?? {};
  const timetable = {
    minute: text(cron.minute),
    hour: text(cron.hour),
    dayOfMonth: text(cron.day_of_month),
    month: text(cron.month),
    dayOfWeek: text(cron.day_of_week),
  };
  const data = record(record(a.relationships)?.tasks)?.data;
  const tasks = (Array.isArray(data) ? data : []).map(mapTask).sort((x, y) => x.sequence - y.sequence);
  const enabled = a.is_active === true;
  return {
    id: text(a.id),
    name: text(a.name),
    timetable,
    timeZone: panelTimeZone,
    enabled,
    onlyWhenOnline: a.only_when_online === true,
    tasks: tasks.map(({ sequence: _s, id: _i, ...task }) => task),
    nextRuns: enabled ? nextRuns(timetable, panelTimeZone, now, 3).map((ms) => new Date(ms).toISOString()) : [],
    lastRunAt: isoOrNull(a.last_run_at),
    running: a.is_processing === true,
    runs: [],
  };
}

/** The ids of a schedule's tasks as the panel has them, in order. */
function taskIds(value: unknown): string[] {
  const data = record(record(record(record(value)?.attributes)?.relationships)?.tasks)?.data;
  return (Array.isArray(data) ? data : [])
    .map(mapTask)
    .sort((x, y) => x.sequence - y.sequence)
    .map((t) => t.id);
}

function taskBody(task: ScheduleTask, sequence: number): Record<string, unknown> {
  const payload = task.kind === 'command' ? task.command : task.kind === 'power' ? task.signal : '';
  return { action: task.kind, payload, time_offset: task.delaySeconds, sequence_id: sequence, continue_on_failure: false };
}

function scheduleBody(input: ScheduleInput): Record<string, unknown> {
  const t = input.timetable;
  return {
    name: input.name,
    minute: t.minute,
    hour: t.hour,
    day_of_month: t.dayOfMonth,
    month: t.month,
    day_of_week: t.dayOfWeek,
    is_active: input.enabled,
    only_when_online: input.onlyWhenOnline,
  };
}

/** Schedule ids are the panel's numbers. */
function checkScheduleId(id: string): string {
  if (!/^\d{1,18}$/.test(id)) throw scheduleNotFound();
  return id;
}

export function createPterodactylSchedules(options: { panel: PanelClient; now: () => number }): ScheduleEngine {
  const { panel, now } = options;
  const path = (c: ServerCredentials, rest = '') => serverPath(c.serverId, c.key, `/schedules${rest}`);
  // The panel's refusals as the customer reads them; a 404 on a schedule's route means the schedule is gone.
  const refusal = (action: string, permission: string, one: boolean) => {
    const usual = refusalFor({ action, permission });
    return (status: number, body: unknown, headers: import('node:http').IncomingHttpHeaders) => {
      if (status === 404 && one) return scheduleNotFound();
      return usual(status, body, headers);
    };
  };
  const read = refusal('see schedules', 'schedule.read', true);
  const update = refusal('change schedules', 'schedule.update', true);

  const get = async (c: ServerCredentials, id: string): Promise<Schedule> =>
    mapSchedule(await panel.request(c.key, 'GET', path(c, `/${checkScheduleId(id)}?include=tasks`), undefined, { mapError: read }), now());

  async function replaceTasks(c: ServerCredentials, id: string, current: unknown, tasks: ScheduleTask[]): Promise<void> {
    for (const taskId of taskIds(current)) {
      await panel.request(c.key, 'DELETE', path(c, `/${id}/tasks/${encodeURIComponent(taskId)}`), undefined, { mapError: update });
    }
    for (const [i, task] of tasks.entries()) {
      await panel.request(c.key, 'POST', path(c, `/${id}/tasks`), taskBody(task, i + 1), { mapError: update });
    }
  }

  return {
    refusals(input) {
      const fields: Record<string, string> = {};
      if (input.timeZone !== panelTimeZone) fields.timeZone = `This panel reads every timetable in ${panelTimeZone}: choose ${panelTimeZone}.`;
      input.tasks.forEach((task, i) => {
        if (task.kind === 'backup' && task.onLimit === 'fail') {
          fields[`tasks.${i}.onLimit`] = 'On this panel a backup task always replaces the oldest unlocked backup when the limit is reached.';
        }
      });
      return fields;
    },

    async list(c): Promise<ScheduleList> {
      const body = record(
        await panel.request(c.key, 'GET', path(c, '?include=tasks'), undefined, { mapError: refusal('see schedules', 'schedule.read', false) }),
      );
      if (!body || !Array.isArray(body.data)) throw panelBadAnswer();
      const at = now();
      return { schedules: body.data.map((s) => mapSchedule(s, at)), fixedTimeZone: panelTimeZone, keepsRuns: false };
    },

    get,

    async create(c, input) {
      const created = await panel.request(c.key, 'POST', path(c), scheduleBody(input), { mapError: refusal('create schedules', 'schedule.create', false) });
      const id = mapSchedule(created, now()).id;
      await replaceTasks(c, id, created, input.tasks);
      return get(c, id);
    },

    async update(c, id, input) {
      const checked = checkScheduleId(id);
      const changed = await panel.request(c.key, 'POST', path(c, `/${checked}`), scheduleBody(input), { mapError: update });
      const current =
        taskIds(changed).length > 0 ? changed : await panel.request(c.key, 'GET', path(c, `/${checked}?include=tasks`), undefined, { mapError: read });
      await replaceTasks(c, checked, current, input.tasks);
      return get(c, checked);
    },

    async remove(c, id) {
      await panel.request(c.key, 'DELETE', path(c, `/${checkScheduleId(id)}`), undefined, { mapError: refusal('delete schedules', 'schedule.delete', true) });
    },

    async runNow(c, id) {
      const checked = checkScheduleId(id);
      const usual = update;
      await panel.request(
        c.key,
        'POST',
        path(c, `/${checked}/execute`),
        {},
        {
          mapError: (status, body, headers) => {
            if (status === 409) return scheduleRunning();
            if (status === 400) return new HttpError(400, 'schedule_disabled', 'This panel runs only enabled schedules: enable it first.');
            return usual(status, body, headers);
          },
        },
      );
      return get(c, checked);
    },
  };
}
