import type { Schedule, ScheduleInput, ScheduleList } from '../../../contracts/panel.ts';
import { checkSchedule } from '../../../contracts/schedule-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Caller, PanelService } from '../panel-service.ts';
import type { PanelSession } from '../session-store.ts';
import type { ScheduleEngine } from './schedule-engine.ts';

/**
 * The schedules' logic between the routes and the engine: the shared rules first (a 400 naming
 * each wrong field, contracts/schedule-rules.ts), then the engine's own refusals, then the engine;
 * every change and Run now in the audit log, and a refused key ends the session, as for the
 * panel's other calls.
 */
export class ScheduleService {
  private readonly panel: PanelService;
  private readonly engine: ScheduleEngine;
  private readonly now: () => number;

  constructor(deps: { panel: PanelService; engine: ScheduleEngine; now: () => number }) {
    this.panel = deps.panel;
    this.engine = deps.engine;
    this.now = deps.now;
  }

  private check(input: ScheduleInput): ScheduleInput {
    const trimmed: ScheduleInput = {
      ...input,
      name: input.name.trim(),
      timetable: {
        minute: input.timetable.minute.trim(),
        hour: input.timetable.hour.trim(),
        dayOfMonth: input.timetable.dayOfMonth.trim(),
        month: input.timetable.month.trim(),
        dayOfWeek: input.timetable.dayOfWeek.trim(),
      },
      tasks: input.tasks.map((t) => (t.kind === 'command' ? { ...t, command: t.command.trim() } : t)),
    };
    const fields = { ...checkSchedule(trimmed, this.now()), ...this.engine.refusals(trimmed) };
    const names = Object.keys(fields);
    if (names.length > 0) {
      throw new HttpError(400, 'invalid', `The schedule was not saved: ${names.map((n) => `${n}: ${fields[n]}`).join(' ')}`, { fields });
    }
    return trimmed;
  }

  list(session: PanelSession, onEnded?: () => void): Promise<ScheduleList> {
    return this.panel.withEngine(session, (c) => this.engine.list(c), onEnded);
  }

  get(session: PanelSession, id: string, onEnded?: () => void): Promise<Schedule> {
    return this.panel.withEngine(session, (c) => this.engine.get(c, id), onEnded);
  }

  create(session: PanelSession, input: ScheduleInput, caller: Caller): Promise<Schedule> {
    const detail: Record<string, string> = { name: input.name.slice(0, 100) };
    return this.panel.audited(session, caller, 'panel.schedule.create', detail, async () => {
      const checked = this.check(input);
      const created = await this.panel.withEngine(session, (c) => this.engine.create(c, checked), caller.onEnded);
      detail.schedule = created.id;
      return created;
    });
  }

  update(session: PanelSession, id: string, input: ScheduleInput, caller: Caller): Promise<Schedule> {
    return this.panel.audited(session, caller, 'panel.schedule.update', { schedule: id, name: input.name.slice(0, 100), enabled: input.enabled }, async () => {
      const checked = this.check(input);
      return this.panel.withEngine(session, (c) => this.engine.update(c, id, checked), caller.onEnded);
    });
  }

  remove(session: PanelSession, id: string, caller: Caller): Promise<void> {
    return this.panel.audited(session, caller, 'panel.schedule.delete', { schedule: id }, () =>
      this.panel.withEngine(session, (c) => this.engine.remove(c, id), caller.onEnded),
    );
  }

  runNow(session: PanelSession, id: string, caller: Caller): Promise<Schedule> {
    return this.panel.audited(session, caller, 'panel.schedule.run', { schedule: id }, () =>
      this.panel.withEngine(session, (c) => this.engine.runNow(c, id), caller.onEnded),
    );
  }
}
