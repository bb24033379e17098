import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ScheduleTask } from '../../../contracts/panel.ts';
import { maxCommandLength, maxTaskDelaySeconds } from '../../../contracts/panel-rules.ts';
import { scheduleTexts } from '../../data/panel-schedules.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { type FieldErrors, inputClass } from './schedule-form-fields.tsx';

const texts = scheduleTexts.editor;

/** A new task of a kind, with what that kind needs. */
export function newTask(kind: ScheduleTask['kind']): ScheduleTask {
  if (kind === 'command') return { kind, delaySeconds: 0, command: '' };
  if (kind === 'power') return { kind, delaySeconds: 0, signal: 'restart' };
  return { kind, delaySeconds: 0, onLimit: 'replace-oldest-unlocked' };
}

interface ScheduleTaskRowProps {
  task: ScheduleTask;
  index: number;
  /** How many tasks the schedule has (the last cannot move down). */
  count: number;
  fields: FieldErrors;
  onChange: (task: ScheduleTask) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One task of a schedule: its kind, what it does, its wait, and buttons to move or remove it. */
export function ScheduleTaskRow({ task, index, count, fields, onChange, onMove, onRemove }: ScheduleTaskRowProps) {
  const { ids, fieldProps, errorText } = fields;
  const n = index + 1;
  const prefix = `tasks.${index}`;
  return (
    <li className="rounded-lg border border-white/10 bg-surface-950/40 p-3" data-testid="task-row">
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
              onChange={(e) => onChange({ ...newTask(e.target.value as ScheduleTask['kind']), delaySeconds: task.delaySeconds })}
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
                  onChange={(e) => onChange({ ...task, command: e.target.value })}
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
                  onChange={(e) => onChange({ ...task, signal: e.target.value as typeof task.signal })}
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
                  onChange={(e) => onChange({ ...task, onLimit: e.target.value as typeof task.onLimit })}
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
              onChange={(e) => onChange({ ...task, delaySeconds: Number(e.target.value) })}
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
            onClick={() => onMove(-1)}
            aria-label={texts.moveUp(n)}
            className={buttonVariants({ variant: 'ghost', size: 'xs' })}
          >
            <ArrowUp aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={texts.moveDown(n)}
            className={buttonVariants({ variant: 'ghost', size: 'xs' })}
          >
            <ArrowDown aria-hidden className="size-4" />
          </button>
          <button type="button" onClick={onRemove} aria-label={texts.remove(n)} className={buttonVariants({ variant: 'ghost', size: 'xs' })}>
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      </fieldset>
    </li>
  );
}
