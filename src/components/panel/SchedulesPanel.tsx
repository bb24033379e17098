import { CalendarClock, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { timetablePresets } from '../../../contracts/schedule-rules.ts';
import { scheduleTexts, tasksSentence } from '../../data/panel-schedules.ts';
import { browserTimeZone, formatRunTime, timetableInWords } from '../../lib/timetable-words.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Switch } from '../ui/Switch.tsx';
import { panelApi, type Schedule, type ScheduleInput, type ServerPermissions } from './panel-api.ts';
import { ScheduleEditor } from './ScheduleEditor.tsx';
import { runToolAction } from './tool-action.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';
import { usePolledList } from './use-polled-list.ts';

const texts = scheduleTexts;
/** While a run goes on, the list is read again this often. */
const pollMs = 2000;

const badgeStyles: Record<Schedule['runs'][number]['outcome'], string> = {
  running: 'bg-yellow-500/15 text-yellow-200',
  ok: 'bg-green-500/15 text-green-200',
  failed: 'bg-red-500/15 text-red-200',
  skipped: 'bg-white/5 text-slate-300 ring-1 ring-white/10',
  missed: 'bg-orange-500/15 text-orange-200',
};

function inputOf(schedule: Schedule): ScheduleInput {
  const { name, timetable, timeZone, enabled, onlyWhenOnline, tasks } = schedule;
  return { name, timetable, timeZone, enabled, onlyWhenOnline, tasks };
}

function starter(timeZone: string): ScheduleInput {
  return {
    name: '',
    timetable: { ...timetablePresets[0]!.timetable },
    timeZone,
    enabled: true,
    onlyWhenOnline: false,
    tasks: [{ kind: 'command', delaySeconds: 0, command: '' }],
  };
}

type Editing = { kind: 'new' } | { kind: 'edit'; schedule: Schedule } | undefined;

/**
 * The server's schedules: each with its timetable in words, the next three runs in the reader's
 * time, its tasks, and its last runs with each task's outcome; create and edit (ScheduleEditor),
 * enable or disable, Run now, delete (asked first). The list is polled while a run goes on, and
 * what happened is said in a live region.
 */
export function SchedulesPanel({ permissions }: { permissions: ServerPermissions['schedules'] }) {
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Schedule>();
  const watched = useRef(new Map<string, string>());
  const ids = useId();

  const { list, loadError, load } = usePolledList({
    read: () => panelApi.listSchedules(),
    busyOf: (l) => l.schedules.some((s) => s.running),
    pollMs,
    // Say how runs started here (or seen running) ended.
    observe: (next) => {
      for (const schedule of next.schedules) {
        const runId = watched.current.get(schedule.id);
        if (runId === undefined || schedule.running) continue;
        watched.current.delete(schedule.id);
        const last = schedule.runs[0];
        if (last) setStatus(texts.finished(schedule.name, texts.runOutcomes[last.outcome]));
      }
    },
  });

  const zone = list?.fixedTimeZone ?? browserTimeZone();

  const save = async (input: ScheduleInput) => {
    if (editing?.kind === 'edit') await panelApi.updateSchedule(editing.schedule.id, input);
    else await panelApi.createSchedule(input);
    setEditing(undefined);
    setStatus(texts.saved(input.name.trim()));
    await load();
  };

  const runNow = (schedule: Schedule) =>
    runToolAction(
      async () => {
        await panelApi.runSchedule(schedule.id);
        watched.current.set(schedule.id, 'started');
        return texts.started(schedule.name);
      },
      setStatus,
      load,
    );

  const toggle = (schedule: Schedule) =>
    runToolAction(
      async () => {
        await panelApi.updateSchedule(schedule.id, { ...inputOf(schedule), enabled: !schedule.enabled });
        return texts.switched(schedule.name, !schedule.enabled);
      },
      setStatus,
      load,
    );

  const remove = async () => {
    const schedule = deleting;
    setDeleting(undefined);
    if (!schedule) return;
    await runToolAction(
      async () => {
        await panelApi.deleteSchedule(schedule.id);
        return texts.deleted(schedule.name);
      },
      setStatus,
      load,
    );
  };

  return (
    <ToolFrame
      ids={ids}
      icon={CalendarClock}
      title={texts.heading}
      testId="schedules"
      actions={
        permissions.create &&
        !editing &&
        list && (
          <button type="button" onClick={() => setEditing({ kind: 'new' })} className={buttonVariants({ size: 'sm' })}>
            <Plus aria-hidden className="size-4" /> {texts.add}
          </button>
        )
      }
    >
      <p className="px-4 pt-3 text-sm text-slate-300 sm:px-5">{texts.intro}</p>
      {list?.fixedTimeZone && <p className="px-4 pt-1 text-xs text-slate-400 sm:px-5">{texts.fixedZone(list.fixedTimeZone)}</p>}
      {list && !list.keepsRuns && <p className="px-4 pt-1 text-xs text-slate-400 sm:px-5">{texts.noRunRecord}</p>}
      <ToolStatus testId="schedules-status">{status}</ToolStatus>
      {loadError && (
        <p role="alert" className="mx-4 mt-2 text-sm text-red-300 sm:mx-5">
          {loadError}
        </p>
      )}

      {editing ? (
        <ScheduleEditor
          initial={editing.kind === 'edit' ? inputOf(editing.schedule) : starter(zone)}
          editing={editing.kind === 'edit'}
          fixedTimeZone={list?.fixedTimeZone ?? null}
          onSave={save}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div className="p-2 sm:p-3">
          {list && list.schedules.length === 0 && <p className="px-2 py-4 text-sm text-slate-400">{texts.none}</p>}
          {list && list.schedules.length > 0 && (
            <ul className="divide-y divide-white/5" aria-label={texts.heading}>
              {list.schedules.map((schedule) => (
                <li key={schedule.id} className="space-y-3 px-2 py-4" data-testid="schedule">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium break-words text-white">{schedule.name}</span>
                        {/* Who may switch it sees the switch; a badge says only what is unusual. */}
                        {!schedule.enabled && (
                          <span className="rounded bg-white/5 px-1.5 py-0.5 text-xs text-slate-300 ring-1 ring-white/10">{texts.disabled}</span>
                        )}
                        {schedule.running && <span className="rounded bg-yellow-500/15 px-1.5 py-0.5 text-xs text-yellow-200">{texts.running}</span>}
                      </p>
                      <p className="mt-0.5 text-sm text-slate-300" data-testid="schedule-words">
                        {timetableInWords(schedule.timetable) ?? schedule.timetable.minute} ({schedule.timeZone})
                        {schedule.onlyWhenOnline && ` · ${texts.onlyWhenOnline}`}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-1.5">
                      {permissions.update && (
                        <>
                          <button
                            type="button"
                            disabled={schedule.running}
                            onClick={() => void runNow(schedule)}
                            aria-label={texts.runNowLabel(schedule.name)}
                            className={buttonVariants({ variant: 'secondary', size: 'xs' })}
                          >
                            <Play aria-hidden className="size-4" /> {texts.actions.runNow}
                          </button>
                          <Switch
                            checked={schedule.enabled}
                            label={texts.toggle}
                            name={texts.toggleLabel(schedule.name)}
                            onToggle={() => void toggle(schedule)}
                          />
                          <button
                            type="button"
                            onClick={() => setEditing({ kind: 'edit', schedule })}
                            aria-label={texts.editLabel(schedule.name)}
                            className={buttonVariants({ variant: 'ghost', size: 'xs' })}
                          >
                            <Pencil aria-hidden className="size-4" /> {texts.actions.edit}
                          </button>
                        </>
                      )}
                      {permissions.delete && (
                        <button
                          type="button"
                          onClick={() => setDeleting(schedule)}
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
              ))}
            </ul>
          )}
        </div>
      )}

      <ConfirmDialog
        open={deleting !== undefined}
        title={deleting ? texts.confirmDelete.title(deleting.name) : ''}
        body={texts.confirmDelete.body}
        confirmLabel={texts.confirmDelete.confirm}
        cancelLabel={texts.confirmDelete.cancel}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(undefined)}
      />
    </ToolFrame>
  );
}
