import { Pencil, Play, Trash2 } from 'lucide-react';
import { scheduleTexts, tasksSentence } from '../../data/panel-schedules.ts';
import { formatRunTime, timetableInWords } from '../../lib/timetable-words.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { Switch } from '../ui/Switch.tsx';
import type { Schedule, ServerPermissions } from './panel-api.ts';

const texts = scheduleTexts;

const badgeStyles: Record<Schedule['runs'][number]['outcome'], string> = {
  running: 'bg-yellow-500/15 text-yellow-200',
  ok: 'bg-green-500/15 text-green-200',
  failed: 'bg-red-500/15 text-red-200',
  skipped: 'bg-white/5 text-slate-300 ring-1 ring-white/10',
  missed: 'bg-orange-500/15 text-orange-200',
};

/**
 * One schedule in the list: its name and state, timetable in words, tasks, the next runs in the
 * reader's time and its last runs with each task's outcome, and the buttons the member's
 * permissions allow.
 */
export function ScheduleRow({
  schedule,
  permissions,
  onRunNow,
  onToggle,
  onEdit,
  onDelete,
}: {
  schedule: Schedule;
  permissions: ServerPermissions['schedules'];
  onRunNow: () => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="space-y-3 px-2 py-4" data-testid="schedule">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words text-white">{schedule.name}</span>
            {/* Who may switch it sees the switch; a badge says only what is unusual. */}
            {!schedule.enabled && <span className="rounded bg-white/5 px-1.5 py-0.5 text-xs text-slate-300 ring-1 ring-white/10">{texts.disabled}</span>}
            {schedule.running && <span className="rounded bg-yellow-500/15 px-1.5 py-0.5 text-xs text-yellow-200">{texts.running}</span>}
          </p>
          <p className="mt-0.5 text-sm text-slate-300" data-testid="schedule-words">
            {timetableInWords(schedule.timetable) ?? schedule.timetable.minute} ({schedule.timeZone}){schedule.onlyWhenOnline && ` · ${texts.onlyWhenOnline}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {permissions.update && (
            <>
              <button
                type="button"
                disabled={schedule.running}
                onClick={onRunNow}
                aria-label={texts.runNowLabel(schedule.name)}
                className={buttonVariants({ variant: 'secondary', size: 'xs' })}
              >
                <Play aria-hidden className="size-4" /> {texts.actions.runNow}
              </button>
              <Switch checked={schedule.enabled} label={texts.toggle} name={texts.toggleLabel(schedule.name)} onToggle={onToggle} />
              <button type="button" onClick={onEdit} aria-label={texts.editLabel(schedule.name)} className={buttonVariants({ variant: 'ghost', size: 'xs' })}>
                <Pencil aria-hidden className="size-4" /> {texts.actions.edit}
              </button>
            </>
          )}
          {permissions.delete && (
            <button
              type="button"
              onClick={onDelete}
              aria-label={texts.deleteLabel(schedule.name)}
              className={buttonVariants({ variant: 'destructive', size: 'xs' })}
            >
              <Trash2 aria-hidden className="size-4" /> {texts.actions.delete}
            </button>
          )}
        </div>
      </div>

      <p className="text-sm text-slate-300" data-testid="schedule-tasks">
        {tasksSentence(schedule.tasks)}
      </p>

      <div className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{texts.nextRuns}</h4>
          {schedule.nextRuns.length === 0 ? (
            <p className="text-slate-400">{texts.noNextRuns}</p>
          ) : (
            <ul className="text-slate-200 tabular-nums" data-testid="next-runs">
              {schedule.nextRuns.map((at) => (
                <li key={at}>
                  <time dateTime={at}>{formatRunTime(at)}</time>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{texts.columns.last}</h4>
          {schedule.runs.length === 0 ? (
            <p className="text-slate-400">{schedule.lastRunAt ? texts.lastRun(formatRunTime(schedule.lastRunAt)) : texts.neverRun}</p>
          ) : (
            <ul className="space-y-1" data-testid="runs">
              {schedule.runs.slice(0, 5).map((run) => (
                <li key={run.id}>
                  <details>
                    <summary className="cursor-pointer rounded text-slate-200 focus-visible:outline-2 focus-visible:outline-brand-400">
                      <span className={`mr-2 rounded px-1.5 py-0.5 text-xs ${badgeStyles[run.outcome]}`}>{texts.runBadges[run.outcome]}</span>
                      <span className="tabular-nums">{texts.runSummary(formatRunTime(run.startedAt), texts.triggers[run.trigger])}</span>
                    </summary>
                    {run.reason && <p className="mt-1 text-xs text-slate-300">{run.reason}</p>}
                    <ol className="mt-1 space-y-0.5 text-xs text-slate-400">
                      {run.tasks.map((task, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a task's position is its identity.
                        <li key={i}>
                          {i + 1}. {scheduleTexts.editor.kinds[task.kind]}: {texts.taskOutcomes[task.outcome]}
                          {task.message && ` (${task.message})`}
                        </li>
                      ))}
                    </ol>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}
