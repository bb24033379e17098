import type { Schedule, ScheduleInput, ScheduleList } from '../../../contracts/panel.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerCredentials } from '../driver.ts';

/**
 * Where a server's schedules live and who runs them: the local engine (our database and job
 * scheduler, server/panel/schedules/local-schedules.ts) or the panel (Pterodactyl and Pelican keep
 * them and Wings runs them, server/panel/pterodactyl/pterodactyl-schedules.ts). The input has
 * been checked (contracts/schedule-rules.ts) before an engine sees it.
 */
export interface ScheduleEngine {
  list(c: ServerCredentials): Promise<ScheduleList>;
  get(c: ServerCredentials, id: string): Promise<Schedule>;
  create(c: ServerCredentials, input: ScheduleInput): Promise<Schedule>;
  update(c: ServerCredentials, id: string, input: ScheduleInput): Promise<Schedule>;
  remove(c: ServerCredentials, id: string): Promise<void>;
  /** Starts a run now; 409 while one is going on. Answers the schedule with the run under way. */
  runNow(c: ServerCredentials, id: string): Promise<Schedule>;
  /** What the engine refuses beyond the shared rules (a time zone it cannot use…), by field. */
  refusals(input: ScheduleInput): Record<string, string>;
}

export const scheduleNotFound = (): HttpError =>
  new HttpError(404, 'schedule_not_found', 'There is no such schedule on this server: it may have been deleted.');
export const scheduleRunning = (): HttpError => new HttpError(409, 'schedule_running', 'This schedule is running now: wait for the run to finish.');
