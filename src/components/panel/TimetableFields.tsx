import { useMemo } from 'react';
import type { Timetable } from '../../../contracts/panel.ts';
import { timetableFields, timetablePresets } from '../../../contracts/schedule-rules.ts';
import { scheduleTexts } from '../../data/panel-schedules.ts';
import { formatRunTime, timetableInWords, upcomingRuns } from '../../lib/timetable-words.ts';
import { type FieldErrors, inputClass, labelClass } from './schedule-form-fields.tsx';

const texts = scheduleTexts.editor;

function presetOf(t: Timetable): string {
  return timetablePresets.find((p) => timetableFields.every((f) => p.timetable[f] === t[f]))?.id ?? '';
}

interface TimetableFieldsProps {
  value: Timetable;
  timeZone: string;
  /** The engine's own zone, when it reads every timetable in one. */
  fixedTimeZone: string | null;
  fields: FieldErrors;
  onTimetable: (timetable: Timetable) => void;
  onTimeZone: (timeZone: string) => void;
}

/** The schedule editor's timetable: a preset or the five cron fields, the timetable in words and the next three runs in the reader's time, and the time zone. */
export function TimetableFields({ value, timeZone, fixedTimeZone, fields, onTimetable, onTimeZone }: TimetableFieldsProps) {
  const { ids, fieldProps, errorText, clear } = fields;
  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['UTC'];
    }
  }, []);
  const words = timetableInWords(value);
  const upcoming = words ? upcomingRuns(value, timeZone) : [];
  return (
    <fieldset className="space-y-3">
      <legend className={labelClass}>{texts.timetable}</legend>
      <div>
        <label htmlFor={`${ids}-preset`} className="block text-xs text-slate-400">
          {texts.preset}
        </label>
        <select
          id={`${ids}-preset`}
          value={presetOf(value)}
          onChange={(e) => {
            const preset = timetablePresets.find((p) => p.id === e.target.value);
            if (preset) onTimetable({ ...preset.timetable });
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
              value={value[field]}
              onChange={(e) => {
                clear(`timetable.${field}`);
                onTimetable({ ...value, [field]: e.target.value });
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
          {words && ` (${timeZone})`}
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
          value={timeZone}
          readOnly={fixedTimeZone !== null}
          onChange={(e) => {
            clear('timeZone');
            onTimeZone(e.target.value);
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
  );
}
