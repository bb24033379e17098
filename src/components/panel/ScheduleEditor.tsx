import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ScheduleTask, Timetable } from '../../../contracts/panel.ts';
import { maxCommandLength } from '../../../contracts/panel-rules.ts';
import { maxScheduleNameLength, maxScheduleTasks, maxTaskDelaySeconds } from '../../../contracts/panel-rules.ts';
import { timetableFields, timetablePresets } from '../../../contracts/schedule-rules.ts';
import { scheduleTexts } from '../../data/panel-schedules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatRunTime, timetableInWords, upcomingRuns } from '../../lib/timetable-words.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import type { ScheduleInput } from './panel-api.ts';

const texts = scheduleTexts.editor;
const inputClass =
  'mt-1 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-400';
const labelClass = 'block text-sm font-medium text-slate-200';

function newTask(kind: ScheduleTask['kind']): ScheduleTask {
  if (kind === 'command') return { kind, delaySeconds: 0, command: '' };
  if (kind === 'power') return { kind, delaySeconds: 0, signal: 'restart' };
  return { kind, delaySeconds: 0, onLimit: 'replace-oldest-unlocked' };
}

function presetOf(t: Timetable): string {
  return timetablePresets.find((p) => timetableFields.every((f) => p.timetable[f] === t[f]))?.id ?? '';
}

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['UTC'];
    }
  }, []);
  const words = timetableInWords(value.timetable);
  const upcoming = words ? upcomingRuns(value.timetable, value.timeZone) : [];

  const set = (patch: Partial<ScheduleInput>) => setValue((v) => ({ ...v, ...patch }));
  /** A field's message goes once the field is changed. */
  const clear = (prefix: string) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !field.startsWith(prefix))));
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
  const error = (field: string) => errors[field];
  const fieldProps = (field: string) => ({
    'aria-invalid': error(field) ? true : undefined,
    'aria-describedby': error(field) ? `${ids}-${field}-error` : undefined,
  });
  const errorText = (field: string) =>
    error(field) && (
      <p id={`${ids}-${field}-error`} className="mt-1 text-xs text-red-300">
        {error(field)}
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    setFailure(undefined);
    try {
      await onSave(value);
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
        setErrors({ ...caught.fields });
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

      <fieldset className="space-y-3">
        <legend className={labelClass}>{texts.timetable}</legend>
        <div>
          <label htmlFor={`${ids}-preset`} className="block text-xs text-slate-400">
            {texts.preset}
          </label>
          <select
            id={`${ids}-preset`}
            value={presetOf(value.timetable)}
            onChange={(e) => {
              const preset = timetablePresets.find((p) => p.id === e.target.value);
              if (preset) set({ timetable: { ...preset.timetable } });
            }}
            className={inputClass}
          >
            <option value="">{texts.presetNone}</option>
            {timetablePresets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {timetableFields.map((field) => (
            <div key={field}>
              <label htmlFor={`${ids}-${field}`} className="block text-xs text-slate-400">
                {texts.fields[field]}
              </label>
              <input
                id={`${ids}-${field}`}
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                value={value.timetable[field]}
                onChange={(e) => {
                  clear(`timetable.${field}`);
                  set({ timetable: { ...value.timetable, [field]: e.target.value } });
                }}
                className={`${inputClass} font-mono`}
                {...fieldProps(`timetable.${field}`)}
              />
              {errorText(`timetable.${field}`)}
            </div>
          ))}
        </div>
        <p className="text-xs text-slate-400">{texts.timetableHint}</p>
        <div className="rounded-lg border border-white/10 bg-surface-950/50 px-3 py-2 text-sm" aria-live="polite" data-testid="timetable-preview">
          <p className="text-slate-200">
            <span className="text-slate-400">{texts.inWords}: </span>
            {words ?? texts.invalidTimetable}
            {words && ` (${value.timeZone})`}
          </p>
          {upcoming.length > 0 && (
            <>
              <p className="mt-1 text-slate-400">{scheduleTexts.nextRuns}:</p>
              <ul className="text-slate-200 tabular-nums" data-testid="editor-next-runs">
                {upcoming.map((at) => (
                  <li key={at}>{formatRunTime(at)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div>
          <label htmlFor={`${ids}-zone`} className="block text-xs text-slate-400">
            {texts.timeZone}
          </label>
          <input
            id={`${ids}-zone`}
            type="text"
            list={`${ids}-zones`}
            value={value.timeZone}
            readOnly={fixedTimeZone !== null}
            onChange={(e) => {
              clear('timeZone');
              set({ timeZone: e.target.value });
            }}
            className={inputClass}
            {...fieldProps('timeZone')}
          />
          <datalist id={`${ids}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          {errorText('timeZone')}
        </div>
      </fieldset>

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
          {value.tasks.map((task, index) => {
            const n = index + 1;
            const prefix = `tasks.${index}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: tasks have no id of their own; their position is what they are.
              <li key={index} className="rounded-lg border border-white/10 bg-surface-950/40 p-3" data-testid="task-row">
                <fieldset>
                  <legend className="text-sm font-semibold text-white">{texts.taskHeading(n)}</legend>
                  <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_10rem]">
                    <div>
                      <label htmlFor={`${ids}-${prefix}-kind`} className="block text-xs text-slate-400">
                        {texts.kind}
                      </label>
                      <select
                        id={`${ids}-${prefix}-kind`}
                        value={task.kind}
                        onChange={(e) => setTask(index, { ...newTask(e.target.value as ScheduleTask['kind']), delaySeconds: task.delaySeconds })}
                        className={inputClass}
                      >
                        {(['command', 'power', 'backup'] as const).map((kind) => (
                          <option key={kind} value={kind}>
                            {texts.kinds[kind]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      {task.kind === 'command' && (
                        <>
                          <label htmlFor={`${ids}-${prefix}-command`} className="block text-xs text-slate-400">
                            {texts.command}
                          </label>
                          <input
                            id={`${ids}-${prefix}-command`}
                            type="text"
                            value={task.command}
                            maxLength={maxCommandLength}
                            placeholder={texts.commandPlaceholder}
                            onChange={(e) => setTask(index, { ...task, command: e.target.value })}
                            className={`${inputClass} font-mono`}
                            {...fieldProps(`${prefix}.command`)}
                          />
                          {errorText(`${prefix}.command`)}
                        </>
                      )}
                      {task.kind === 'power' && (
                        <>
                          <label htmlFor={`${ids}-${prefix}-signal`} className="block text-xs text-slate-400">
                            {texts.signal}
                          </label>
                          <select
                            id={`${ids}-${prefix}-signal`}
                            value={task.signal}
                            onChange={(e) => setTask(index, { ...task, signal: e.target.value as typeof task.signal })}
                            className={inputClass}
                          >
                            {(['start', 'stop', 'restart', 'kill'] as const).map((signal) => (
                              <option key={signal} value={signal}>
                                {texts.signals[signal]}
                              </option>
                            ))}
                          </select>
                        </>
                      )}
                      {task.kind === 'backup' && (
                        <>
                          <label htmlFor={`${ids}-${prefix}-limit`} className="block text-xs text-slate-400">
                            {texts.onLimit}
                          </label>
                          <select
                            id={`${ids}-${prefix}-limit`}
                            value={task.onLimit}
                            onChange={(e) => setTask(index, { ...task, onLimit: e.target.value as typeof task.onLimit })}
                            className={inputClass}
                            {...fieldProps(`${prefix}.onLimit`)}
                          >
                            {(['replace-oldest-unlocked', 'fail'] as const).map((policy) => (
                              <option key={policy} value={policy}>
                                {texts.onLimits[policy]}
                              </option>
                            ))}
                          </select>
                          {errorText(`${prefix}.onLimit`)}
                        </>
                      )}
                    </div>
                    <div>
                      <label htmlFor={`${ids}-${prefix}-delay`} className="block text-xs text-slate-400">
                        {texts.delay}
                      </label>
                      <input
                        id={`${ids}-${prefix}-delay`}
                        type="number"
                        min={0}
                        max={maxTaskDelaySeconds}
                        step={1}
                        value={task.delaySeconds}
                        onChange={(e) => setTask(index, { ...task, delaySeconds: Number(e.target.value) })}
                        className={`${inputClass} tabular-nums`}
                        {...fieldProps(`${prefix}.delaySeconds`)}
                      />
                      <p className="mt-1 text-xs text-slate-400">{texts.delayWords(task.delaySeconds, index === 0)}</p>
                      {errorText(`${prefix}.delaySeconds`)}
                    </div>
                  </div>
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <button
                      type="button"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={texts.moveUp(n)}
                      className={buttonVariants({ variant: 'ghost', size: 'xs' })}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      disabled={index === value.tasks.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={texts.moveDown(n)}
                      className={buttonVariants({ variant: 'ghost', size: 'xs' })}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => set({ tasks: value.tasks.filter((_, i) => i !== index) })}
                      aria-label={texts.remove(n)}
                      className={buttonVariants({ variant: 'ghost', size: 'xs' })}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
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
