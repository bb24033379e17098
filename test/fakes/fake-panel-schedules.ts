import type { FakeGameServers, FakeKey, FakeSchedule, FakeScheduleTask, FakeServer } from './fake-game-server.ts';
import { notFound, PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';
import { json, needs } from './fake-panel-guards.ts';

/**
 * The panel's schedule and task routes (`/api/client/servers/{server}/schedules…`) as
 * docs/pterodactyl.md describes them ("Schedules"): `schedule.*` permissions (403), the cron fields
 * and task bodies validated (422 naming the field), `time_offset` 0 to 900, at most 10 tasks,
 * `execute` refused while processing (409) or inactive (400). Wings runs a schedule's tasks in
 * order after their offsets; the fake runs an executed schedule's tasks at once, in order, on the
 * fake game server (a backup at the limit replaces the oldest unlocked successful backup, as the
 * panel's scheduled backups do), and notes the run's time.
 */

let nextId = 1;
const maxTasks = 10;

function invalid(field: string, rule: string, detail: string): PanelAnswer {
  return new PanelAnswer(422, rule, detail, { meta: { source_field: field, rule } });
}

function taskAttributes(task: FakeScheduleTask) {
  return {
    id: task.id,
    sequence_id: task.sequence_id,
    action: task.action,
    payload: task.payload,
    time_offset: task.time_offset,
    is_queued: false,
    continue_on_failure: task.continue_on_failure,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}

function scheduleObject(schedule: FakeSchedule) {
  return {
    object: 'server_schedule',
    attributes: {
      id: schedule.id,
      name: schedule.name,
      cron: { ...schedule.cron },
      is_active: schedule.is_active,
      is_processing: schedule.is_processing,
      only_when_online: schedule.only_when_online,
      last_run_at: schedule.last_run_at,
      next_run_at: null,
      created_at: schedule.created_at,
      updated_at: schedule.updated_at,
      relationships: {
        tasks: {
          object: 'list',
          data: [...schedule.tasks].sort((a, b) => a.sequence_id - b.sequence_id).map((t) => ({ object: 'schedule_task', attributes: taskAttributes(t) })),
        },
      },
    },
  };
}

const cronField = /^[0-9*,/\-A-Za-z]{1,100}$/;

function readSchedule(body: Record<string, unknown>): Pick<FakeSchedule, 'name' | 'cron' | 'is_active' | 'only_when_online'> {
  if (typeof body.name !== 'string' || !body.name) throw invalid('name', 'required', 'The name field is required.');
  const cron = {} as FakeSchedule['cron'];
  for (const field of ['minute', 'hour', 'day_of_month', 'month', 'day_of_week'] as const) {
    const value = body[field];
    if (typeof value !== 'string' || !cronField.test(value)) throw invalid(field, 'required', `The ${field.replaceAll('_', ' ')} field is required.`);
    cron[field] = value;
  }
  return { name: body.name, cron, is_active: body.is_active === true, only_when_online: body.only_when_online === true };
}

function readTask(
  body: Record<string, unknown>,
): Pick<FakeScheduleTask, 'action' | 'payload' | 'time_offset' | 'continue_on_failure'> & { sequence_id?: number } {
  const action = body.action;
  if (action !== 'command' && action !== 'power' && action !== 'backup') throw invalid('action', 'in', 'The selected action is invalid.');
  const payload = typeof body.payload === 'string' ? body.payload : '';
  if (action !== 'backup' && !payload) throw invalid('payload', 'required_unless', 'The payload field is required unless action is in backup.');
  const offset = body.time_offset;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > 900)
    throw invalid('time_offset', 'between', 'The time offset must be between 0 and 900.');
  return {
    action,
    payload,
    time_offset: offset,
    continue_on_failure: body.continue_on_failure === true,
    ...(typeof body.sequence_id === 'number' ? { sequence_id: body.sequence_id } : {}),
  };
}

/** Runs an executed schedule's tasks on the fake game server, in order (the fake does not wait the offsets). */
function execute(game: FakeGameServers, server: FakeServer, schedule: FakeSchedule): void {
  schedule.last_run_at = new Date().toISOString();
  if (schedule.only_when_online && server.state !== 'running') return;
  for (const task of [...schedule.tasks].sort((a, b) => a.sequence_id - b.sequence_id)) {
    if (task.action === 'command') {
      if (server.state === 'offline' && !task.continue_on_failure) return;
      game.command(server, task.payload);
    } else if (task.action === 'power') {
      game.power(server, task.payload as 'start' | 'stop' | 'restart' | 'kill');
    } else {
      const counted = server.backups.filter((b) => b.completed_at === null || b.is_successful);
      if (counted.length >= server.backupLimit) {
        const oldest = server.backups.filter((b) => b.is_successful && !b.is_locked).sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
        if (!oldest) return;
        server.backups.splice(server.backups.indexOf(oldest), 1);
      }
      game.startBackup(server, `Scheduled ${schedule.name}`, false);
    }
  }
}

export function handleServerSchedules(game: FakeGameServers, key: FakeKey, server: FakeServer, method: string, rest: string, body: string): FakeAnswer {
  const now = new Date().toISOString();
  if (rest === '/schedules') {
    if (method === 'GET') {
      needs(key, 'schedule.read');
      return { status: 200, body: { object: 'list', data: server.schedules.map(scheduleObject) } };
    }
    if (method === 'POST') {
      needs(key, 'schedule.create');
      const schedule: FakeSchedule = {
        id: nextId++,
        ...readSchedule(json(body)),
        is_processing: false,
        last_run_at: null,
        created_at: now,
        updated_at: now,
        tasks: [],
      };
      server.schedules.push(schedule);
      return { status: 200, body: scheduleObject(schedule) };
    }
    throw notFound();
  }
  const match = /^\/schedules\/(\d+)(?:\/(execute|tasks)(?:\/(\d+))?)?$/.exec(rest);
  if (!match) throw notFound();
  const schedule = server.schedules.find((s) => s.id === Number(match[1]));
  const [, , sub, taskId] = match;
  const route = `${method} ${sub ?? ''}${taskId ? '/id' : ''}`;
  // Permission before existence, as the panel's form requests do.
  const permission = route === 'GET ' ? 'schedule.read' : route === 'DELETE ' ? 'schedule.delete' : 'schedule.update';
  needs(key, permission);
  if (!schedule) throw notFound();
  switch (route) {
    case 'GET ':
      return { status: 200, body: scheduleObject(schedule) };
    case 'POST ':
      Object.assign(schedule, readSchedule(json(body)), { updated_at: now });
      return { status: 200, body: scheduleObject(schedule) };
    case 'DELETE ':
      server.schedules.splice(server.schedules.indexOf(schedule), 1);
      return { status: 204 };
    case 'POST execute':
      if (!schedule.is_active)
        throw new PanelAnswer(400, 'BadRequestHttpException', 'Cannot trigger schedule exection for a schedule that is not currently active.');
      if (schedule.is_processing) throw new PanelAnswer(409, 'ConflictHttpException', 'This schedule is already being processed.');
      execute(game, server, schedule);
      return { status: 202 };
    case 'POST tasks': {
      if (schedule.tasks.length >= maxTasks)
        throw new PanelAnswer(400, 'ServiceLimitExceededException', `Schedules may not have more than ${maxTasks} tasks associated with them.`);
      const input = readTask(json(body));
      const sequence = input.sequence_id ?? (schedule.tasks.at(-1)?.sequence_id ?? 0) + 1;
      const task: FakeScheduleTask = { id: nextId++, ...input, sequence_id: sequence, created_at: now, updated_at: now };
      schedule.tasks.push(task);
      return { status: 200, body: { object: 'schedule_task', attributes: taskAttributes(task) } };
    }
    case 'DELETE tasks/id': {
      const task = schedule.tasks.find((t) => t.id === Number(taskId));
      if (!task) throw notFound();
      schedule.tasks.splice(schedule.tasks.indexOf(task), 1);
      // The panel moves the later tasks up one.
      for (const t of schedule.tasks) if (t.sequence_id > task.sequence_id) t.sequence_id -= 1;
      return { status: 204 };
    }
    default:
      throw notFound();
  }
}
