import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ScheduleTask } from '../../../contracts/panel.ts';
import { maxScheduleNameLength, maxScheduleTasks } from '../../../contracts/panel-rules.ts';
import { scheduleTexts } from '../../data/panel-schedules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import type { ScheduleInput } from './panel-api.ts';
import { inputClass, labelClass, useFieldErrors } from './schedule-form-fields.tsx';
import { newTask, ScheduleTaskRow } from './ScheduleTaskRow.tsx';
import { TimetableFields } from './TimetableFields.tsx';

const texts = scheduleTexts.editor;

interface ScheduleEditorProps {
  /** The schedule to change, or a new one's starting values. */
  initial: ScheduleInput;
  /** Set when changing an existing schedule. */
  editing: boolean;
  /** The engine's own zone, when it reads every timetable in one. */
  fixedTimeZone: string | null;
  onSave: (input: ScheduleInput) => Promise<void>;
  onCancel: () => void;
}

/**
 * A schedule's form: name, a preset or the five cron fields (with the timetable in words and the
 * next three runs in the reader's time), time zone, enabled, only when online, and the ordered
 * tasks with their waits. The server's field messages are shown at their fields.
 */
export function ScheduleEditor({ initial, editing, fixedTimeZone, onSave, onCancel }: ScheduleEditorProps) {
  const [value, setValue] = useState<ScheduleInput>(initial);
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const fields = useFieldErrors();
  const { ids, fieldProps, errorText, clear } = fields;
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const set = (patch: Partial<ScheduleInput>) => setValue((v) => ({ ...v, ...patch }));
  const setTask = (index: number, task: ScheduleTask) => {
    clear(`tasks.${index}.`);
    set({ tasks: value.tasks.map((t, i) => (i === index ? task : t)) });
  };
  const move = (index: number, by: -1 | 1) => {
    const tasks = [...value.tasks];
    const [task] = tasks.splice(index, 1);
    tasks.splice(index + by, 0, task!);
    set({ tasks });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    fields.replace({});
    setFailure(undefined);
    try {
      await onSave(value);
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
        fields.replace({ ...caught.fields });
        setFailure(texts.fixErrors);
      } else {
        setFailure(caught instanceof Error ? caught.message : String(caught));
      }
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5 p-4 sm:p-5" aria-labelledby={`${ids}-heading`} data-testid="schedule-editor">
      <h4 id={`${ids}-heading`} ref={heading} tabIndex={-1} className="text-base font-semibold text-white focus:outline-none">
        {editing ? texts.editHeading(initial.name) : texts.createHeading}
      </h4>
      {failure && (
        <p ref={summary} tabIndex={-1} role="alert" className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {failure}
        </p>
      )}

      <div>
        <label htmlFor={`${ids}-name`} className={labelClass}>
          {texts.name}
        </label>
        <input
          id={`${ids}-name`}
          type="text"
          value={value.name}
          maxLength={maxScheduleNameLength}
          placeholder={texts.namePlaceholder}
          onChange={(e) => {
            clear('name');
            set({ name: e.target.value });
          }}
          className={inputClass}
          {...fieldProps('name')}
        />
        {errorText('name')}
      </div>

      <TimetableFields
        value={value.timetable}
        timeZone={value.timeZone}
        fixedTimeZone={fixedTimeZone}
        fields={fields}
        onTimetable={(timetable) => set({ timetable })}
        onTimeZone={(timeZone) => set({ timeZone })}
      />

      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} className="size-4 accent-brand-500" />
          {texts.enabled}
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={value.onlyWhenOnline}
            onChange={(e) => set({ onlyWhenOnline: e.target.checked })}
            aria-describedby={`${ids}-online-hint`}
            className="mt-0.5 size-4 accent-brand-500"
          />
          <span>
            {texts.onlyWhenOnline}
            <span id={`${ids}-online-hint`} className="block text-xs text-slate-400">
              {texts.onlyWhenOnlineHint}
            </span>
          </span>
        </label>
      </div>

      <fieldset className="space-y-3">
        <legend className={labelClass}>{texts.tasks}</legend>
        <p className="text-xs text-slate-400">{texts.tasksHint}</p>
        {errorText('tasks')}
        <ol className="space-y-3">
          {value.tasks.map((task, index) => (
            <ScheduleTaskRow
              // biome-ignore lint/suspicious/noArrayIndexKey: tasks have no id of their own; their position is what they are.
              key={index}
              task={task}
              index={index}
              count={value.tasks.length}
              fields={fields}
              onChange={(changed) => setTask(index, changed)}
              onMove={(by) => move(index, by)}
              onRemove={() => set({ tasks: value.tasks.filter((_, i) => i !== index) })}
            />
          ))}
        </ol>
        <button
          type="button"
          disabled={value.tasks.length >= maxScheduleTasks}
          onClick={() => set({ tasks: [...value.tasks, newTask('command')] })}
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          <Plus aria-hidden className="size-4" /> {texts.addTask}
        </button>
      </fieldset>

      <div className="flex flex-wrap gap-2 border-t border-white/10 pt-4">
        <button type="submit" disabled={saving} className={buttonVariants({ size: 'md' })}>
          {saving ? texts.saving : texts.save}
        </button>
        <button type="button" onClick={onCancel} className={buttonVariants({ variant: 'ghost', size: 'md' })}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}
