import { CalendarClock, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { timetablePresets } from '../../../contracts/schedule-rules.ts';
import { scheduleTexts } from '../../data/panel-schedules.ts';
import { browserTimeZone } from '../../lib/timetable-words.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { panelApi, type Schedule, type ScheduleInput, type ServerPermissions } from './panel-api.ts';
import { ScheduleEditor } from './ScheduleEditor.tsx';
import { ScheduleRow } from './ScheduleRow.tsx';
import { runToolAction } from './tool-action.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';
import { usePolledList } from './use-polled-list.ts';

const texts = scheduleTexts;
/** While a run goes on, the list is read again this often. */
const pollMs = 2000;

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
                <ScheduleRow
                  key={schedule.id}
                  schedule={schedule}
                  permissions={permissions}
                  onRunNow={() => void runNow(schedule)}
                  onToggle={() => void toggle(schedule)}
                  onEdit={() => setEditing({ kind: 'edit', schedule })}
                  onDelete={() => setDeleting(schedule)}
                />
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
